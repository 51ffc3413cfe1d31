// Attendance by hand (docs/decisions/021): a teacher's corrections of what the provider reported
// (migration 009) become marks that also stand alone, for a lesson nobody started on a provider,
// and gain a fourth status, excused (absent with notice). The corrections are copied into
// attendance_marks, which the database now limits to the four statuses, and their table dropped.
// Going down copies the marks back; the old code knows no excused, so an excused mark goes back
// as what it is for that code, an absence.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function handAttendanceMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(untyped: Kysely<unknown>) {
      // biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they are then
      const db = untyped as Kysely<any>;
      await db.schema
        .createTable('attendance_marks')
        .addColumn('schedule_id', 'text', (c) =>
          c.notNull().references('schedules.schedule_id').onDelete('cascade'),
        )
        .addColumn('student_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('marked_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('marked_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('attendance_marks_pk', ['schedule_id', 'student_id'])
        .addCheckConstraint(
          'attendance_marks_status_check',
          sql`status in ('present', 'late', 'absent', 'excused')`,
        )
        .execute();
      await db
        .insertInto('attendance_marks')
        .columns(['schedule_id', 'student_id', 'status', 'marked_by', 'marked_at'])
        .expression(
          db
            .selectFrom('attendance_corrections')
            .select([
              'schedule_id',
              'student_id',
              'status',
              'corrected_by as marked_by',
              'corrected_at as marked_at',
            ]),
        )
        .execute();
      await db.schema.dropTable('attendance_corrections').execute();
    },
    async down(untyped: Kysely<unknown>) {
      // biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they were then
      const db = untyped as Kysely<any>;
      await db.schema
        .createTable('attendance_corrections')
        .addColumn('schedule_id', 'text', (c) =>
          c.notNull().references('schedules.schedule_id').onDelete('cascade'),
        )
        .addColumn('student_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('corrected_by', 'text', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
        .addColumn('corrected_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('attendance_corrections_pk', ['schedule_id', 'student_id'])
        .execute();
      await db
        .insertInto('attendance_corrections')
        .columns(['schedule_id', 'student_id', 'status', 'corrected_by', 'corrected_at'])
        .expression(
          db
            .selectFrom('attendance_marks')
            .select([
              'schedule_id',
              'student_id',
              sql<string>`case when status = 'excused' then 'absent' else status end`.as('status'),
              'marked_by as corrected_by',
              'marked_at as corrected_at',
            ]),
        )
        .execute();
      await db.schema.dropTable('attendance_marks').execute();
    },
  };
}
