// The center's bank account, which its VietQR codes pay into (issue 27, docs/decisions/028,
// "VietQR"): three nullable columns on the one row of center_settings, all set or all null. The
// bank is named by its NAPAS BIN (six digits), the account number is 6 to 19 digits, the account
// name is written as the bank prints it (upper-case ASCII).
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

const COLUMNS = [
  ['bank_bin', sql`bank_bin is null or length(bank_bin) = 6`],
  [
    'bank_account_number',
    sql`bank_account_number is null or length(bank_account_number) between 6 and 19`,
  ],
  [
    'bank_account_name',
    sql`bank_account_name is null or length(bank_account_name) between 2 and 70`,
  ],
] as const;

export const bankAccountMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // SQLite adds one column per statement.
    for (const [name, check] of COLUMNS) {
      await db.schema
        .alterTable('center_settings')
        .addColumn(name, 'text', (c) => c.check(check))
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const [name] of [...COLUMNS].reverse()) {
      await db.schema.alterTable('center_settings').dropColumn(name).execute();
    }
  },
};
