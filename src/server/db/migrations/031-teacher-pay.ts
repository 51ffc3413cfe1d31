// Teachers' pay (issue 28 point 3, docs/decisions/033-teachers-pay.md): teachers' rates (per lesson
// or per hour, the teacher's own or for one class, each from a month on), the admin's adjustments
// of a month's statement (signed, with a reason, never edited), and approved statements: the lines
// and amounts frozen at approval, one approved statement per teacher and month. Amounts are whole
// đồng: bigint on PostgreSQL, integer on SQLite.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function teacherPayMigration(dialect: Dialect): Migration {
  const types =
    dialect === 'postgres'
      ? ({ timestamp: 'timestamptz', money: 'bigint', boolean: 'boolean' } as const)
      : ({ timestamp: 'text', money: 'integer', boolean: 'integer' } as const);
  const month = (column: string) => sql.raw(`${column} like '____-__'`);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('teacher_pay_rates')
        .addColumn('rate_id', 'text', (c) => c.primaryKey())
        .addColumn('teacher_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('class_id', 'text', (c) => c.references('classes.class_id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('per_lesson', 'per_hour')`),
        )
        .addColumn('amount', types.money, (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('effective_from', 'text', (c) => c.notNull().check(month('effective_from')))
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      // One rate per teacher, class (or none) and first month: setting it again replaces it.
      await sql`create unique index teacher_pay_rates_key on teacher_pay_rates (teacher_id, coalesce(class_id, ''), effective_from)`.execute(
        db,
      );

      await db.schema
        .createTable('teacher_pay_adjustments')
        .addColumn('adjustment_id', 'text', (c) => c.primaryKey())
        .addColumn('teacher_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('month', 'text', (c) => c.notNull().check(month('month')))
        // The lesson adjusted; null: the statement as a whole. The line itself is kept by the
        // statement (a lesson deleted later leaves its adjustment standing).
        .addColumn('schedule_id', 'text')
        .addColumn('amount', types.money, (c) => c.notNull().check(sql`amount <> 0`))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('teacher_pay_adjustments_month')
        .on('teacher_pay_adjustments')
        .columns(['month', 'teacher_id'])
        .execute();

      await db.schema
        .createTable('teacher_pay_statements')
        .addColumn('statement_id', 'text', (c) => c.primaryKey())
        .addColumn('teacher_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('month', 'text', (c) => c.notNull().check(month('month')))
        .addColumn('teacher_name', 'text', (c) => c.notNull())
        .addColumn('lessons', 'integer', (c) => c.notNull())
        .addColumn('minutes', 'integer', (c) => c.notNull())
        .addColumn('lesson_amount', types.money, (c) => c.notNull())
        .addColumn('adjustments', types.money, (c) => c.notNull())
        .addColumn('total', types.money, (c) => c.notNull())
        .addColumn('approved_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('approved_at', types.timestamp, (c) => c.notNull())
        .addUniqueConstraint('teacher_pay_statements_month', ['teacher_id', 'month'])
        .execute();
      await db.schema
        .createTable('teacher_pay_lines')
        .addColumn('statement_id', 'text', (c) =>
          c.notNull().references('teacher_pay_statements.statement_id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('schedule_id', 'text')
        .addColumn('lesson_date', 'text', (c) => c.notNull())
        .addColumn('class_id', 'text')
        .addColumn('class_name', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('substitute', types.boolean, (c) => c.notNull())
        .addColumn('started_at', types.timestamp, (c) => c.notNull())
        .addColumn('ended_at', types.timestamp, (c) => c.notNull())
        .addColumn('minutes', 'integer', (c) => c.notNull())
        .addColumn('time_source', 'text', (c) =>
          c.notNull().check(sql`time_source in ('provider', 'schedule')`),
        )
        .addColumn('rate_kind', 'text', (c) => c.notNull())
        .addColumn('rate_amount', types.money, (c) => c.notNull())
        .addColumn('amount', types.money, (c) => c.notNull())
        .addPrimaryKeyConstraint('teacher_pay_lines_pk', ['statement_id', 'position'])
        .execute();
      // Drafts leave out every lesson already paid on an approved statement: looked up by lesson.
      await db.schema
        .createIndex('teacher_pay_lines_schedule')
        .on('teacher_pay_lines')
        .column('schedule_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('teacher_pay_lines').execute();
      await db.schema.dropTable('teacher_pay_statements').execute();
      await db.schema.dropTable('teacher_pay_adjustments').execute();
      await db.schema.dropTable('teacher_pay_rates').execute();
    },
  };
}
