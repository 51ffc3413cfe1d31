// Uploaded files kept in the database, so that several server processes on one PostgreSQL
// database serve the same logo and avatars (FILE_STORAGE=database). On SQLite the table exists
// too, unused unless that setting chooses it.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function storedFilesMigration(dialect: Dialect): Migration {
  const postgres = dialect === 'postgres';
  return {
    up: (db: Kysely<unknown>) =>
      db.schema
        .createTable('stored_files')
        .addColumn('path', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', postgres ? 'timestamptz' : 'text', (c) => c.notNull())
        .execute(),
    down: (db: Kysely<unknown>) => db.schema.dropTable('stored_files').execute(),
  };
}
