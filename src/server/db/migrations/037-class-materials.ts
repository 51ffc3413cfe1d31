// Materials of a class or of one of its lessons (issue 29 point 3, docs/decisions/038-materials.md):
// - class_materials: a file or a link, attached to a class (schedule_id null) or to one lesson.
//   `search_title` is the folded title and description (docs/decisions/018) for the Library's search.
//   A file's bytes are never under the public /files/ route: in a folder of their own
//   (DATA_DIR/materials/{material_id}) or in material_chunks, by the file store in use.
// - material_chunks: a file's bytes in the database, in pieces of 1 MiB, so an upload is written and
//   a download read without holding a whole file in memory. No foreign key: the pieces are written
//   before the material's row (which is inserted only once the content was checked); whoever deletes
//   a material deletes its pieces.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function classMaterialsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('class_materials')
        .addColumn('material_id', 'text', (c) => c.primaryKey())
        .addColumn('class_id', 'text', (c) =>
          c.notNull().references('classes.class_id').onDelete('cascade'),
        )
        // A deleted lesson leaves its materials to the class.
        .addColumn('schedule_id', 'text', (c) =>
          c.references('schedules.schedule_id').onDelete('set null'),
        )
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('file', 'link')`))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('search_title', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('file_name', 'text')
        .addColumn('content_type', 'text')
        .addColumn('size', 'bigint')
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('class_materials_class')
        .on('class_materials')
        .columns(['class_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('class_materials_schedule')
        .on('class_materials')
        .column('schedule_id')
        .execute();
      await db.schema
        .createTable('material_chunks')
        .addColumn('material_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('bytes', bytes, (c) => c.notNull())
        .addPrimaryKeyConstraint('material_chunks_pk', ['material_id', 'seq'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('material_chunks').execute();
      await db.schema.dropTable('class_materials').execute();
    },
  };
}
