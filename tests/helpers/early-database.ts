// A database migrated only up to a chosen migration, with a teacher and a class in the tables as
// they were then: for tests of what a later migration does to the rows that existed before it.
import type { Kysely } from 'kysely';
import { type MigrationProvider, Migrator } from 'kysely/migration';
import { openDatabase } from '#server/db/connection.ts';
import { migrations } from '#server/db/migrate.ts';
import { createTestDatabase } from './database.ts';

export const EARLY_AT = '2030-03-10T02:00:00.000Z';

export async function earlyDatabase(
  lastMigration: string,
  names: { teacher: string; className: string },
) {
  const database = await createTestDatabase();
  const handle = openDatabase({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    poolSize: 2,
  });
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  const migrator = new Migrator({ db: handle.db, provider });
  const moved = await migrator.migrateTo(lastMigration);
  if (moved.error) throw moved.error;
  // The tables as they were then, which the typed schema no longer describes.
  const db = handle.db as unknown as Kysely<any>;
  const yes = handle.dialect === 'postgres' ? true : 1;
  const at = EARLY_AT;
  await db
    .insertInto('auth_credentials')
    .values({
      auth_id: 'a1',
      password_hash: 'x',
      must_change_password: yes,
      password_changed_at: at,
      created_at: at,
    })
    .execute();
  await db
    .insertInto('users')
    .values({
      user_id: 'u1',
      auth_id: 'a1',
      email: 'teacher@x.vn',
      full_name: names.teacher,
      role: 'teacher',
      username: 'teacher',
      is_active: yes,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('classes')
    .values({
      class_id: 'c1',
      class_name: names.className,
      teacher_id: 'u1',
      start_date: '2030-03-01',
      end_date: '2030-06-30',
      is_active: yes,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return {
    /** The database itself, for a server started on it once it is migrated. */
    database,
    handle,
    migrator,
    db,
    yes,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}
