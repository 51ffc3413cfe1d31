// Attendance Zoom can confirm (issue 28 point 5, docs/decisions/035-participants-report.md): each
// lesson held on a provider with a participants report gets one row saying where reading that
// report stands (pending, done, not on this plan, failed), when it is next due and who holds it
// now (a lease, so of several processes one reads it). The report's stays replace the webhooks'
// in `attendance` itself; marks by hand stay apart in `attendance_marks`.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function participantsReportMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('attendance_reports')
        .addColumn('schedule_id', 'text', (c) =>
          c.primaryKey().references('schedules.schedule_id').onDelete('cascade'),
        )
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('due_at', timestamp, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_until', timestamp)
        .addColumn('reconciled_at', timestamp)
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .addCheckConstraint(
          'attendance_reports_state_check',
          sql`state in ('pending', 'done', 'unavailable', 'failed')`,
        )
        .execute();
      await db.schema
        .createIndex('attendance_reports_due')
        .on('attendance_reports')
        .columns(['state', 'due_at'])
        .execute();
      // The job finds the lessons that ended lately by this.
      await db.schema
        .createIndex('lesson_meetings_ended')
        .on('lesson_meetings')
        .column('ended_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('lesson_meetings_ended').execute();
      await db.schema.dropTable('attendance_reports').execute();
    },
  };
}
