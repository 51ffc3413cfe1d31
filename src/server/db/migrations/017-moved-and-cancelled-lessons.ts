// One lesson moved or cancelled (docs/decisions/020): a lesson may be 'cancelled', and keeps why,
// when and by whom; `sequence` is its calendar events' SEQUENCE (RFC 5545), raised by every change
// a calendar app must take over. The feeds used to derive it from the seconds between a lesson's
// creation and its last change: existing lessons start from that number, so no feed goes back.
//
// The status check of migration 001 names the three old statuses. PostgreSQL replaces the
// constraint; SQLite cannot alter a check, so the table is rebuilt as SQLite's documentation says
// (a copy made from its own CREATE statement with the check rewritten, foreign keys off meanwhile),
// which keeps whatever columns and indexes later migrations gave it.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';
import { rebuildSqliteTable } from './rebuild-sqlite-table.ts';

const statusCheck = (statuses: readonly string[]) =>
  `status in (${statuses.map((status) => `'${status}'`).join(', ')})`;
const BEFORE = statusCheck(['pending', 'active', 'completed']);
const AFTER = statusCheck(['pending', 'active', 'completed', 'cancelled']);

const NEW_COLUMNS = ['cancel_reason', 'cancelled_at', 'cancelled_by', 'sequence'] as const;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they were then
type AnyDb = Kysely<any>;

async function replaceStatusCheck(db: AnyDb, dialect: Dialect, from: string, to: string) {
  if (dialect === 'postgres') {
    await sql`alter table schedules drop constraint schedules_status_check`.execute(db);
    await sql`alter table schedules add constraint schedules_status_check check (${sql.raw(to)})`.execute(
      db,
    );
    return;
  }
  await rebuildSqliteTable(db, 'schedules', '017', (createSql) => {
    if (!createSql.includes(from)) throw new Error('migration 017: status check not found');
    return createSql.replace(from, to);
  });
}

/** Seconds between creation and the last change: the SEQUENCE the feeds wrote until now. */
function secondsChanged(dialect: Dialect) {
  return dialect === 'postgres'
    ? sql`greatest(0, floor(extract(epoch from (updated_at - created_at))))::integer`
    : // Rounded to milliseconds first (what the ISO texts hold), then whole seconds.
      sql`max(0, cast(round((julianday(updated_at) - julianday(created_at)) * 86400000) / 1000 as integer))`;
}

export function movedAndCancelledLessonsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('schedules').addColumn('cancel_reason', 'text').execute();
      await db.schema.alterTable('schedules').addColumn('cancelled_at', timestamp).execute();
      await db.schema
        .alterTable('schedules')
        .addColumn('cancelled_by', 'text', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
        .execute();
      await db.schema
        .alterTable('schedules')
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db
        .updateTable('schedules')
        .set({ sequence: secondsChanged(dialect) })
        .execute();
      await replaceStatusCheck(db, dialect, BEFORE, AFTER);
    },
    async down(db: AnyDb) {
      // The old schema has no cancelled lesson: one that was cancelled is gone for good.
      await db.deleteFrom('schedules').where('status', '=', 'cancelled').execute();
      for (const column of NEW_COLUMNS) {
        await db.schema.alterTable('schedules').dropColumn(column).execute();
      }
      await replaceStatusCheck(db, dialect, AFTER, BEFORE);
    },
  };
}
