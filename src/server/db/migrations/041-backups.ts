// Backups (issue 30, docs/decisions/042-backups.md): one row per backup run — when it started and
// finished, its file and size, its state and the check made after writing it (or the error) — and
// the admin's schedule in center_settings: the time of day (center time), how many daily and
// weekly backups are kept, the folder (null: DATA_DIR/backups), and the lease that lets only one
// process run a backup at a time (backup_claimed_until, as the e-mail outbox leases a message).
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function backupsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('backups')
        .addColumn('backup_id', 'text', (c) => c.primaryKey())
        .addColumn('started_at', timestamp, (c) => c.notNull())
        .addColumn('finished_at', timestamp)
        .addColumn('trigger', 'text', (c) =>
          c.notNull().check(sql`trigger in ('schedule', 'manual')`),
        )
        .addColumn('state', 'text', (c) =>
          c.notNull().check(sql`state in ('running', 'ok', 'failed')`),
        )
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('file_name', 'text')
        .addColumn('folder', 'text')
        .addColumn('size_bytes', 'bigint')
        .addColumn('file_count', 'integer')
        .addColumn('row_count', 'bigint')
        .addColumn('check_result', 'text')
        .addColumn('error', 'text')
        .execute();
      await db.schema.createIndex('backups_started').on('backups').column('started_at').execute();
      await db.schema
        .alterTable('center_settings')
        .addColumn('backup_time', 'text', (c) => c.notNull().defaultTo('02:00'))
        .execute();
      await db.schema
        .alterTable('center_settings')
        .addColumn('backup_enabled', dialect === 'postgres' ? 'boolean' : 'integer', (c) =>
          c.notNull().defaultTo(dialect === 'postgres' ? sql`true` : 1),
        )
        .execute();
      await db.schema
        .alterTable('center_settings')
        .addColumn('backup_keep_daily', 'integer', (c) =>
          c.notNull().defaultTo(7).check(sql`backup_keep_daily between 1 and 365`),
        )
        .execute();
      await db.schema
        .alterTable('center_settings')
        .addColumn('backup_keep_weekly', 'integer', (c) =>
          c.notNull().defaultTo(4).check(sql`backup_keep_weekly between 0 and 520`),
        )
        .execute();
      await db.schema.alterTable('center_settings').addColumn('backup_folder', 'text').execute();
      await db.schema
        .alterTable('center_settings')
        .addColumn('backup_claimed_until', timestamp)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of [
        'backup_claimed_until',
        'backup_folder',
        'backup_keep_weekly',
        'backup_keep_daily',
        'backup_enabled',
        'backup_time',
      ]) {
        await db.schema.alterTable('center_settings').dropColumn(column).execute();
      }
      await db.schema.dropTable('backups').execute();
    },
  };
}
