// Two indexes that let the classes and schedules pages read only what a page shows (measured with
// bench/school.ts data: 1,000 classes, 50,000 lessons, SQLite; plans in bench:school's output):
// - schedules (class_id, start_time, schedule_id) replaces (class_id, start_time): a teacher's or
//   student's page of lessons, newest first, picks its ten ids from this index alone (the lesson
//   rows are read for those ten only), as do the "buổi n/total" counts.
// - classes (is_active, created_at desc, class_id) replaces (is_active, created_at): "newest
//   first, then by id" is the index's own order, so the classes page stops after ten rows
//   instead of sorting ties.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const listPageIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('schedules_class_start_id_idx')
      .on('schedules')
      .columns(['class_id', 'start_time', 'schedule_id'])
      .execute();
    await db.schema.dropIndex('schedules_class_start_idx').execute();
    await db.schema
      .createIndex('classes_active_created_id_idx')
      .on('classes')
      .columns(['is_active', 'created_at desc', 'class_id'])
      .execute();
    await db.schema.dropIndex('classes_active_created_idx').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('classes_active_created_idx')
      .on('classes')
      .columns(['is_active', 'created_at'])
      .execute();
    await db.schema.dropIndex('classes_active_created_id_idx').execute();
    await db.schema
      .createIndex('schedules_class_start_idx')
      .on('schedules')
      .columns(['class_id', 'start_time'])
      .execute();
    await db.schema.dropIndex('schedules_class_start_id_idx').execute();
  },
};
