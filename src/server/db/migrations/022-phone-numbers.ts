// Phone numbers in one stored form (docs/decisions/026): the numbers written before this in any of
// the Vietnamese forms ('0912 345 678', '+84 912 345 678', '84912345678') become E.164
// ('+84912345678'), the form every write now stores (src/common/phone.ts). A value that is no
// Vietnamese number (a foreign number, a note typed in the field) is left as it was: nothing is
// lost, and it is shown as it is until someone corrects it. There is no way down: the old forms
// were not one form to return to.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { normalizePhone } from '#common/phone.ts';

export const phoneNumbersMigration: Migration = {
  async up(untyped: Kysely<unknown>) {
    // biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they were then
    const db = untyped as Kysely<any>;
    const rows: { user_id: string; phone: string }[] = await db
      .selectFrom('users')
      .select(['user_id', 'phone'])
      .where('phone', 'is not', null)
      .execute();
    for (const row of rows) {
      const phone = normalizePhone(row.phone);
      if (phone === null || phone === row.phone) continue;
      await db.updateTable('users').set({ phone }).where('user_id', '=', row.user_id).execute();
    }
  },
  async down() {},
};
