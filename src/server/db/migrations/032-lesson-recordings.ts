// A lesson's cloud recordings (issue 28 point 4, docs/decisions/034-recordings.md):
// - classes.auto_cloud_recording: the class's meetings are made with automatic cloud recording;
// - lesson_recordings: one row per recorded meeting instance, attached by the provider's
//   "recording completed" event (unique on provider + the provider's recording id, so a repeated
//   delivery changes nothing). `secret_data` (share link, passcode, the files' play links) never
//   leaves the server in JSON; `deleted_at` says the retention job removed it from the provider,
//   `delete_after` is when the job tries again after a failure (several processes: a row is
//   claimed by a conditional update of it).
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function lessonRecordingsMigration(dialect: Dialect): Migration {
  const boolean = dialect === 'postgres' ? 'boolean' : 'integer';
  const no = dialect === 'postgres' ? sql`false` : sql`0`;
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('classes')
        .addColumn('auto_cloud_recording', boolean, (c) => c.notNull().defaultTo(no))
        .execute();
      await db.schema
        .createTable('lesson_recordings')
        .addColumn('recording_id', 'text', (c) => c.primaryKey())
        .addColumn('schedule_id', 'text', (c) =>
          c.notNull().references('schedules.schedule_id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (c) => c.notNull())
        /** The provider's id of this recorded instance (Zoom: the meeting UUID, used to delete). */
        .addColumn('provider_recording_id', 'text', (c) => c.notNull())
        .addColumn('started_at', timestamp, (c) => c.notNull())
        .addColumn('ended_at', timestamp)
        .addColumn('total_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
        /** JSON: the files (type, times, size, the provider's file ids), nothing secret. */
        .addColumn('files', 'text', (c) => c.notNull())
        /** JSON: share link, passcode, play links: only the server reads it. */
        .addColumn('secret_data', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('deleted_at', timestamp)
        .addColumn('delete_after', timestamp)
        .addUniqueConstraint('lesson_recordings_provider_recording', [
          'provider',
          'provider_recording_id',
        ])
        .execute();
      await db.schema
        .createIndex('lesson_recordings_schedule')
        .on('lesson_recordings')
        .column('schedule_id')
        .execute();
      await db.schema
        .createIndex('lesson_recordings_kept')
        .on('lesson_recordings')
        .columns(['deleted_at', 'started_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('lesson_recordings').execute();
      await db.schema.alterTable('classes').dropColumn('auto_cloud_recording').execute();
    },
  };
}
