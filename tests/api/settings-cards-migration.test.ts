// Migration 021 (the settings cards): the center keeps what it had (72 hours, staff export, the
// chat panel shown, new accounts in their browser's language); sessions signed in before it get
// an id of their own and stay signed in; down and up again keep the rows. Only this migration's
// columns are looked at, so the test holds whatever migrations come between 019 and 021.
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../helpers/early-database.ts';

const early = await earlyDatabase('019-closed-days', {
  teacher: 'Trần Văn Đức',
  className: 'IELTS 6.5',
});
afterAll(() => early.close());

test('settings start as before, existing sessions get distinct ids; down and up again keep them', async () => {
  const { migrator, db } = early;
  const later = '2030-03-11T02:00:00.000Z';
  for (const hash of ['h1', 'h2']) {
    await db
      .insertInto('sessions')
      .values({
        token_hash: hash,
        auth_id: 'a1',
        created_at: EARLY_AT,
        last_seen_at: EARLY_AT,
        expires_at: later,
      })
      .execute();
  }
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const settings = await db
    .selectFrom('center_settings')
    .select(['new_user_language', 'first_password_hours', 'staff_may_export', 'chat_panel_shown'])
    .executeTakeFirstOrThrow();
  expect({
    ...settings,
    staff_may_export: Boolean(settings.staff_may_export),
    chat_panel_shown: Boolean(settings.chat_panel_shown),
  }).toEqual({
    new_user_language: null,
    first_password_hours: 72,
    staff_may_export: true,
    chat_panel_shown: true,
  });
  const sessions = await db
    .selectFrom('sessions')
    .select(['token_hash', 'session_id', 'user_agent', 'ip'])
    .orderBy('token_hash')
    .execute();
  expect(sessions.map((s) => [s.token_hash, s.user_agent, s.ip])).toEqual([
    ['h1', null, null],
    ['h2', null, null],
  ]);
  expect(sessions.every((s) => typeof s.session_id === 'string' && s.session_id.length > 0)).toBe(
    true,
  );
  expect(new Set(sessions.map((s) => s.session_id)).size).toBe(2);

  // The database itself refuses what the cards cannot hold.
  await expect(
    db.updateTable('center_settings').set({ first_password_hours: 0 }).execute(),
  ).rejects.toThrow();
  await expect(
    db.updateTable('center_settings').set({ new_user_language: 'fr' }).execute(),
  ).rejects.toThrow();
  await expect(
    db
      .updateTable('sessions')
      .set({ session_id: sessions[0]!.session_id })
      .where('token_hash', '=', 'h2')
      .execute(),
  ).rejects.toThrow();

  expect((await migrator.migrateTo('019-closed-days')).error).toBeUndefined();
  expect(
    await db.selectFrom('sessions').select('token_hash').orderBy('token_hash').execute(),
  ).toEqual([{ token_hash: 'h1' }, { token_hash: 'h2' }]);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
