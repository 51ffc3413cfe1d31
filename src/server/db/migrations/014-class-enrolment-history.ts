// Enrolments that ended: a student removed from a class keeps their history there (the grid and
// exports show them as left), and the lessons before they enrolled or after they left count
// nothing for them. class_students keeps the current enrolments only; a removal moves its row here.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function classEnrolmentHistoryMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('class_enrolment_history')
        .addColumn('class_id', 'text', (c) =>
          c.notNull().references('classes.class_id').onDelete('cascade'),
        )
        .addColumn('student_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('enrolled_at', timestamp, (c) => c.notNull())
        .addColumn('left_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('class_enrolment_history_pk', [
          'class_id',
          'student_id',
          'enrolled_at',
        ])
        .execute();
      await db.schema
        .createIndex('class_enrolment_history_student_idx')
        .on('class_enrolment_history')
        .column('student_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('class_enrolment_history').execute();
    },
  };
}
