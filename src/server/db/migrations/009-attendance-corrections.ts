// A teacher's correction of a student's attendance in a lesson, kept apart from what Zoom reported
// (the attendance table), so both stay visible: "corrected to present by Cô Lan".
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function attendanceCorrectionsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
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
      await db.schema
        .createIndex('attendance_schedule_idx')
        .on('attendance')
        .columns(['schedule_id', 'student_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('attendance_schedule_idx').execute();
      await db.schema.dropTable('attendance_corrections').execute();
    },
  };
}
