// The Schedules page counts lessons per status for admin and staff over every active class. With
// (class_id, status) in one index the count reads the index alone, grouped by class, and joins
// the (few) classes afterwards: about 5 ms instead of 19 ms for 50,000 lessons on SQLite
// (measured with bench/school.ts data).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const scheduleStatusIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('schedules_class_status_idx')
      .on('schedules')
      .columns(['class_id', 'status'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('schedules_class_status_idx').execute();
  },
};
