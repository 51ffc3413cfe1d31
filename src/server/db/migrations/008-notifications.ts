// Notifications of the right sidebar's button (product.md §2), stored per user:
// a lesson starts in 15 minutes, a lesson has started, you were enrolled, a lesson was moved or
// cancelled. The text is the web catalogue's for `type`, filled with `params` (JSON), so each
// reader sees it in their language. `dedupe_key` is unique: a reminder is made once per lesson
// and user however many processes run the job, and however often.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function notificationsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notifications')
        .addColumn('notification_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('schedule_id', 'text')
        .addColumn('class_id', 'text')
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('read_at', timestamp)
        .execute();
      await db.schema
        .createIndex('notifications_user_created_idx')
        .on('notifications')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('notifications_created_idx')
        .on('notifications')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('notifications').execute();
    },
  };
}
