// Private calendar feeds: each user may have one feed URL holding a random token (the URL is the
// only key, as with Google's or Outlook's private calendar addresses). Revoking deletes the row;
// a new one gets a new token. The token is kept as issued so the profile dialog can show the URL
// again (it opens a read-only list of lesson times and names, nothing else).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function calendarFeedsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('calendar_feeds')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('calendar_feeds').execute();
    },
  };
}
