// Lesson reports and homework (issue 29 point 2, docs/decisions/037-lesson-reports.md):
// - lesson_reports: one per lesson, what it covered and its homework, who wrote it first and who
//   corrected it last;
// - lesson_report_notes: a short note about one student of that lesson.
// A lesson deleted takes its report and notes with it; a student's account deleted, their notes.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function lessonReportsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lesson_reports')
        .addColumn('schedule_id', 'text', (c) =>
          c.primaryKey().references('schedules.schedule_id').onDelete('cascade'),
        )
        .addColumn('covered', 'text', (c) => c.notNull())
        .addColumn('homework', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('lesson_report_notes')
        .addColumn('schedule_id', 'text', (c) =>
          c.notNull().references('lesson_reports.schedule_id').onDelete('cascade'),
        )
        .addColumn('student_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('lesson_report_notes_pk', ['schedule_id', 'student_id'])
        .execute();
      // A student's notes across lessons (their list of reports).
      await db.schema
        .createIndex('lesson_report_notes_student')
        .on('lesson_report_notes')
        .columns(['student_id', 'schedule_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('lesson_report_notes').execute();
      await db.schema.dropTable('lesson_reports').execute();
    },
  };
}
