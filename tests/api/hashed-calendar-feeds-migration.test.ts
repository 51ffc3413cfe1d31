// Migration 042 keeps calendar feed tokens as their SHA-256 (issue 30 finding 8): a link made
// before it keeps working, found by the hash of the token in its URL, and the token itself is no
// longer in the database.
import { afterAll, expect, test } from 'vitest';
import { feedTokenHash } from '#server/features/calendar/manage-feed.ts';
import { EARLY_AT, earlyDatabase } from '../helpers/early-database.ts';
import { startTestServer } from '../helpers/test-server.ts';

const early = await earlyDatabase('039-password-resets', {
  teacher: 'Trần Văn Đức',
  className: 'Tiếng Anh Giao Tiếp',
});
afterAll(() => early.close());

test('each stored token becomes its hash; the same URL still finds its feed', async () => {
  const { migrator, db } = early;
  const token = 'Ula53PMi8Xi4d5G6-24UA4eezAVx83KfoRkdlQ3m_wE';
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: 'u1', token, created_at: EARLY_AT })
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();

  const rows = await db.selectFrom('calendar_feeds').selectAll().execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ user_id: 'u1', token_hash: feedTokenHash(token) });
  expect(rows[0]!.token).toBeUndefined();
  expect(JSON.stringify(rows)).not.toContain(token);
  // The feed's own lookup: by the hash of the token in the URL.
  const found = await db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('token_hash', '=', feedTokenHash(token))
    .executeTakeFirst();
  expect(found).toEqual({ user_id: 'u1' });

  // And the server started on it answers the old URL with the teacher's calendar.
  const server = await startTestServer({ database: early.database });
  try {
    const feed = await fetch(`${server.baseUrl}/api/calendar/${token}.ics`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('X-WR-CALNAME:Edu Center – Trần Văn Đức');
    expect((await fetch(`${server.baseUrl}/api/calendar/${feedTokenHash(token)}.ics`)).status).toBe(
      404,
    );
  } finally {
    await server.close();
  }
});
