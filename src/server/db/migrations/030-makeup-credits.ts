// Make-up lessons (issue 28 point 2, docs/decisions/032-make-up-lessons.md):
// - makeup_credits: one credit per student and missed lesson (unique), earned by an excused
//   absence, expiring a number of days after the missed lesson; booked into one lesson of another
//   class (booked_schedule_id) or not. A lesson deleted releases what was booked into it.
// - classes.makeup_seats: how many make-up visitors one lesson of the class takes (2 by default;
//   0: none).
// - center_settings: how long a credit is good for (60 days by default) and whether students book
//   their own make-ups (off by default).
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function makeupCreditsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const boolean = dialect === 'postgres' ? 'boolean' : 'integer';
  const no = dialect === 'postgres' ? sql`false` : sql`0`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('makeup_credits')
        .addColumn('credit_id', 'text', (c) => c.primaryKey())
        .addColumn('student_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('class_id', 'text', (c) =>
          c.notNull().references('classes.class_id').onDelete('cascade'),
        )
        .addColumn('missed_schedule_id', 'text', (c) =>
          c.notNull().references('schedules.schedule_id').onDelete('cascade'),
        )
        .addColumn('earned_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('booked_schedule_id', 'text', (c) =>
          c.references('schedules.schedule_id').onDelete('set null'),
        )
        .addColumn('booked_at', timestamp)
        .addColumn('booked_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addUniqueConstraint('makeup_credits_student_missed', ['student_id', 'missed_schedule_id'])
        .execute();
      await db.schema
        .createIndex('makeup_credits_booked')
        .on('makeup_credits')
        .column('booked_schedule_id')
        .execute();
      await db.schema
        .createIndex('makeup_credits_missed')
        .on('makeup_credits')
        .column('missed_schedule_id')
        .execute();
      await db.schema
        .alterTable('classes')
        .addColumn('makeup_seats', 'integer', (c) =>
          c.notNull().defaultTo(2).check(sql`makeup_seats between 0 and 50`),
        )
        .execute();
      await db.schema
        .alterTable('center_settings')
        .addColumn('makeup_credit_days', 'integer', (c) =>
          c.notNull().defaultTo(60).check(sql`makeup_credit_days between 1 and 365`),
        )
        .execute();
      await db.schema
        .alterTable('center_settings')
        .addColumn('students_book_makeups', boolean, (c) => c.notNull().defaultTo(no))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('center_settings').dropColumn('students_book_makeups').execute();
      await db.schema.alterTable('center_settings').dropColumn('makeup_credit_days').execute();
      await db.schema.alterTable('classes').dropColumn('makeup_seats').execute();
      await db.schema.dropTable('makeup_credits').execute();
    },
  };
}
