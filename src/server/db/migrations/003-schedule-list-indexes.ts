// Two indexes for the Schedules page of admin and staff, which spans every lesson (measured with
// bench/school.ts data, 50,000 lessons, SQLite):
// - (class_id, status): the per-status counts read the index alone, grouped by class, and join
//   the (few) classes afterwards: 5 ms instead of 19 ms.
// - (start_time, schedule_id): "newest first, then by id" is this index read backwards, so a page
//   stops after its ten rows instead of sorting every lesson: 0.14 ms instead of 19 ms.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const scheduleListIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('schedules_class_status_idx')
      .on('schedules')
      .columns(['class_id', 'status'])
      .execute();
    await db.schema
      .createIndex('schedules_start_id_idx')
      .on('schedules')
      .columns(['start_time', 'schedule_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('schedules_start_id_idx').execute();
    await db.schema.dropIndex('schedules_class_status_idx').execute();
  },
};
