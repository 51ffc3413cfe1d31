// Recurring lessons: a lesson remembers the series it was created in and its number there, so
// "this and following lessons" can find the rest of its series and renumber topics. Lessons made
// one at a time have neither. The index serves "this series, from this lesson on".
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const lessonSeriesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('schedules').addColumn('series_id', 'text').execute();
    await db.schema.alterTable('schedules').addColumn('series_index', 'integer').execute();
    await db.schema
      .createIndex('schedules_series_start_idx')
      .on('schedules')
      .columns(['series_id', 'start_time'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('schedules_series_start_idx').execute();
    await db.schema.alterTable('schedules').dropColumn('series_index').execute();
    await db.schema.alterTable('schedules').dropColumn('series_id').execute();
  },
};
