// A lesson given to another teacher (issue 28, docs/decisions/031-substitutes.md): the substitute
// teaches, starts and marks it; the class keeps its own teacher. Null when the class's teacher
// teaches it. Indexed with the start time: a substitute's dashboard, schedules, feed and pay
// statement read their covered lessons by time.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function lessonSubstitutesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('schedules')
        .addColumn('substitute_teacher_id', 'text', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
        .execute();
      await db.schema
        .createIndex('schedules_substitute_start')
        .on('schedules')
        .columns(['substitute_teacher_id', 'start_time'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('schedules_substitute_start').execute();
      await db.schema.alterTable('schedules').dropColumn('substitute_teacher_id').execute();
    },
  };
}
