// A lesson's meeting gets a table of its own, whatever provider holds it: which provider, its id
// there, the pool account hosting it (pool providers only), what participants may see and what
// only hosts may see (JSON), and when it was made and ended. The Zoom columns of `schedules` are
// copied into it and dropped. A completed lesson keeps its row, so a pool account still named by
// a lesson cannot be deleted (no cascade, as before).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

const ZOOM_COLUMNS = [
  'zoom_account_id',
  'zoom_meeting_id',
  'zoom_password',
  'zoom_join_url',
  'zoom_start_url',
] as const;

/** The lessons' indexes on those columns (migration 001). */
const SCHEDULE_INDEXES = [
  ['schedules_meeting_idx', 'zoom_meeting_id'],
  ['schedules_zoom_account_idx', 'zoom_account_id'],
] as const;

/** Only the values that are set, as the JSON the table keeps. */
const dataOf = (values: Record<string, string | null>) =>
  JSON.stringify(Object.fromEntries(Object.entries(values).filter(([, v]) => v != null)));

export function lessonMeetingsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: the tables before and after this migration differ
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('lesson_meetings')
        .addColumn('schedule_id', 'text', (c) =>
          c.primaryKey().references('schedules.schedule_id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('external_id', 'text')
        .addColumn('host_account_id', 'text', (c) => c.references('zoom_accounts.zoom_account_id'))
        .addColumn('join_data', 'text', (c) => c.notNull())
        .addColumn('secret_data', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('ended_at', timestamp)
        .execute();
      await db.schema
        .createIndex('lesson_meetings_external_idx')
        .on('lesson_meetings')
        .columns(['provider', 'external_id'])
        .execute();
      await db.schema
        .createIndex('lesson_meetings_host_idx')
        .on('lesson_meetings')
        .column('host_account_id')
        .execute();

      const rows = await db
        .selectFrom('schedules')
        .select(['schedule_id', 'status', 'updated_at', ...ZOOM_COLUMNS])
        .where((eb) =>
          eb.or([eb('zoom_account_id', 'is not', null), eb('zoom_meeting_id', 'is not', null)]),
        )
        .execute();
      for (const row of rows) {
        await db
          .insertInto('lesson_meetings')
          .values({
            schedule_id: row.schedule_id,
            provider: 'zoom',
            external_id: row.zoom_meeting_id,
            host_account_id: row.zoom_account_id,
            join_data: dataOf({ join_url: row.zoom_join_url }),
            secret_data: dataOf({ password: row.zoom_password, start_url: row.zoom_start_url }),
            created_at: row.updated_at,
            ended_at: row.status === 'completed' ? row.updated_at : null,
          })
          .execute();
      }

      // SQLite drops a column only when no index uses it.
      for (const [index] of SCHEDULE_INDEXES) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
      for (const column of ZOOM_COLUMNS) {
        await db.schema.alterTable('schedules').dropColumn(column).execute();
      }
    },
    // biome-ignore lint/suspicious/noExplicitAny: the tables before and after this migration differ
    async down(db: Kysely<any>) {
      await db.schema
        .alterTable('schedules')
        .addColumn('zoom_account_id', 'text', (c) => c.references('zoom_accounts.zoom_account_id'))
        .execute();
      for (const column of ZOOM_COLUMNS.slice(1)) {
        await db.schema.alterTable('schedules').addColumn(column, 'text').execute();
      }
      const rows = await db.selectFrom('lesson_meetings').selectAll().execute();
      for (const row of rows) {
        const join = JSON.parse(row.join_data) as Record<string, string>;
        const secret = JSON.parse(row.secret_data) as Record<string, string>;
        await db
          .updateTable('schedules')
          .set({
            zoom_account_id: row.host_account_id,
            zoom_meeting_id: row.external_id,
            zoom_join_url: join.join_url ?? null,
            zoom_password: secret.password ?? null,
            zoom_start_url: secret.start_url ?? null,
          })
          .where('schedule_id', '=', row.schedule_id)
          .execute();
      }
      await db.schema.dropTable('lesson_meetings').execute();
      for (const [index, column] of SCHEDULE_INDEXES) {
        await db.schema.createIndex(index).on('schedules').column(column).execute();
      }
    },
  };
}
