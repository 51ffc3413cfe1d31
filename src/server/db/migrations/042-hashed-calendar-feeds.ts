// Calendar feed tokens kept as their SHA-256, like sessions and password resets (issue 30
// finding 8, docs/decisions/044-calendar-feed-secrets.md): the URL is shown once, when it is made,
// and a copy of the database no longer opens anyone's lessons. The column is renamed (its unique
// index goes with it) and each stored token replaced by its hash, so every existing link keeps
// working: a feed is found by the hash of the token in its URL.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function hashedCalendarFeedsMigration(): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      // biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they were then
      const db = untyped as Kysely<any>;
      await db.schema.alterTable('calendar_feeds').renameColumn('token', 'token_hash').execute();
      const rows = (await db
        .selectFrom('calendar_feeds')
        .select(['user_id', 'token_hash'])
        .execute()) as { user_id: string; token_hash: string }[];
      for (const row of rows) {
        await db
          .updateTable('calendar_feeds')
          .set({ token_hash: sha256(row.token_hash) })
          .where('user_id', '=', row.user_id)
          .execute();
      }
    },
    async down(untyped: Kysely<unknown>) {
      // A hash cannot be turned back into its token: the links end, the table keeps its shape.
      // biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they were then
      const db = untyped as Kysely<any>;
      await db.deleteFrom('calendar_feeds').execute();
      await db.schema.alterTable('calendar_feeds').renameColumn('token_hash', 'token').execute();
    },
  };
}
