// Indexes of columns that are null for most rows (issue 31, bench:school at 10×): a lesson's
// substitute (most lessons have none) and a material's lesson (most materials are the whole
// class's). Each index held a null for nearly every row, and SQLite's statistics (ANALYZE) read that
// as one value shared by every row: the lessons a teacher covered in a month were read by filtering
// every lesson of the month, and the materials of the lessons they cover by reading every material.
// The same indexes, of the rows with a value only: a lookup by a value is one seek.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

const INDEXES = [
  {
    name: 'schedules_substitute_start',
    table: 'schedules',
    columns: ['substitute_teacher_id', 'start_time'],
  },
  { name: 'class_materials_schedule', table: 'class_materials', columns: ['schedule_id'] },
] as const;

/** Each index made again: of the rows with a value only (up), or of every row (down). */
async function remake(db: Kysely<unknown>, partial: boolean) {
  for (const index of INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    const made = db.schema
      .createIndex(index.name)
      .on(index.table)
      .columns([...index.columns]);
    await (partial
      ? made.where(sql<boolean>`${sql.ref(index.columns[0])} is not null`)
      : made
    ).execute();
  }
}

export function partialIndexesMigration(): Migration {
  return {
    up: (db: Kysely<unknown>) => remake(db, true),
    down: (db: Kysely<unknown>) => remake(db, false),
  };
}
