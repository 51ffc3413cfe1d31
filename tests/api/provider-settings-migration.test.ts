// Migration 020 adds the table of settings a provider keeps in the app (docs/decisions/024): on a
// database of 019 with its people and classes it adds an empty table, one row per provider, and
// undoing it removes the table and nothing else.
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../helpers/early-database.ts';

const early = await earlyDatabase('019-closed-days', { teacher: 'Cô Lan', className: 'Lớp A' });
afterAll(() => early.close());

test('020 adds provider_settings, one row per provider, and going down removes only it', async () => {
  const { migrator, db } = early;
  const up = await migrator.migrateTo('020-provider-settings');
  expect(up.error).toBeUndefined();
  expect(await db.selectFrom('provider_settings').selectAll().execute()).toEqual([]);

  const row = {
    provider: 'zoom',
    sealed_fields: '{"client_secret":"v1:sealed"}',
    version: 1,
    updated_by: 'u1',
    updated_at: EARLY_AT,
  };
  await db.insertInto('provider_settings').values(row).execute();
  // One row per provider.
  await expect(
    db
      .insertInto('provider_settings')
      .values({ ...row, version: 2 })
      .execute(),
  ).rejects.toThrow();
  // Removing who changed them keeps the settings.
  await db.deleteFrom('classes').execute();
  await db.deleteFrom('users').where('user_id', '=', 'u1').execute();
  const kept = await db.selectFrom('provider_settings').selectAll().executeTakeFirstOrThrow();
  expect(kept).toMatchObject({ provider: 'zoom', version: 1, updated_by: null });

  const down = await migrator.migrateTo('019-closed-days');
  expect(down.error).toBeUndefined();
  await expect(db.selectFrom('provider_settings').selectAll().execute()).rejects.toThrow();
  expect(await db.selectFrom('closed_days').selectAll().execute()).toEqual([]);
});
