// Migration 022 stores the phone numbers written before it in one form (E.164), and leaves what is
// no Vietnamese number as it was.
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../helpers/early-database.ts';

const early = await earlyDatabase('019-closed-days', {
  teacher: 'Trần Văn Đức',
  className: 'Tiếng Anh Giao Tiếp',
});
afterAll(() => early.close());

test('existing phone numbers become +84…; unparseable ones and empty ones stay as they were', async () => {
  const { migrator, db, yes } = early;
  const phones: Record<string, string | null> = {
    u2: '0912 345 678',
    u3: '+84 912.345.679',
    u4: '84912345680',
    u5: 'gọi sau 6 giờ',
    u6: '+1 415 555 0100',
    u7: null,
  };
  for (const [id, phone] of Object.entries(phones)) {
    await db
      .insertInto('auth_credentials')
      .values({
        auth_id: `a-${id}`,
        password_hash: 'x',
        must_change_password: yes,
        password_changed_at: EARLY_AT,
        created_at: EARLY_AT,
      })
      .execute();
    await db
      .insertInto('users')
      .values({
        user_id: id,
        auth_id: `a-${id}`,
        email: `${id}@x.vn`,
        full_name: id,
        search_name: id,
        role: 'student',
        username: id,
        is_active: yes,
        phone,
        created_at: EARLY_AT,
        updated_at: EARLY_AT,
      })
      .execute();
  }
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await db
    .selectFrom('users')
    .select(['user_id', 'phone'])
    .where('user_id', '!=', 'u1')
    .orderBy('user_id')
    .execute();
  expect(rows).toEqual([
    { user_id: 'u2', phone: '+84912345678' },
    { user_id: 'u3', phone: '+84912345679' },
    { user_id: 'u4', phone: '+84912345680' },
    { user_id: 'u5', phone: 'gọi sau 6 giờ' },
    { user_id: 'u6', phone: '+1 415 555 0100' },
    { user_id: 'u7', phone: null },
  ]);
});
