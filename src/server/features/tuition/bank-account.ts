// The center's bank account (issue 27, docs/decisions/028, "VietQR"): the admin sets it in
// Settings, admin and staff read it, and every VietQR code pays into it. Three columns of the one
// center_settings row (migration 025), all set or all null.
import type { Kysely } from 'kysely';
import { type BankAccountDto, type BankAccountInput, napasBank } from '#common/bank-account.ts';
import type { Database } from '#server/db/schema.ts';
import { recordAudit } from '#server/lib/audit.ts';

export async function readBankAccount(db: Kysely<Database>): Promise<BankAccountDto | null> {
  const row = await db
    .selectFrom('center_settings')
    .select(['bank_bin', 'bank_account_number', 'bank_account_name'])
    .orderBy('updated_at')
    .limit(1)
    .executeTakeFirst();
  if (!row?.bank_bin || !row.bank_account_number || !row.bank_account_name) return null;
  const bank = napasBank(row.bank_bin);
  return {
    bank_bin: row.bank_bin,
    bank_short_name: bank?.short_name ?? row.bank_bin,
    bank_name: bank?.name ?? row.bank_bin,
    account_number: row.bank_account_number,
    account_name: row.bank_account_name,
  };
}

/** Sets the account (or clears it when the input's fields are null); returns it as saved. */
export async function saveBankAccount(
  db: Kysely<Database>,
  input: BankAccountInput,
): Promise<BankAccountDto | null> {
  const center = await db
    .selectFrom('center_settings')
    .select('id')
    .orderBy('updated_at')
    .limit(1)
    .executeTakeFirstOrThrow();
  const before = await db
    .selectFrom('center_settings')
    .select(['bank_bin', 'bank_account_number', 'bank_account_name'])
    .where('id', '=', center.id)
    .executeTakeFirstOrThrow();
  const after = {
    bank_bin: input.bank_bin,
    bank_account_number: input.account_number,
    bank_account_name: input.account_name,
  };
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('center_settings').set(after).where('id', '=', center.id).execute();
    await recordAudit(trx, {
      action: 'bank-account.update',
      recordType: 'settings',
      recordId: 'bank-account',
      before,
      after,
    });
  });
  return readBankAccount(db);
}
