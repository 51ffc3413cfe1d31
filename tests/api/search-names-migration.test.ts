// Migration 015 gives the accounts and classes that exist before it their folded search_name, so
// 'tran' finds a student added long before search existed.
import type { Kysely } from 'kysely';
import { type MigrationProvider, Migrator } from 'kysely/migration';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '#server/db/connection.ts';
import { migrations } from '#server/db/migrate.ts';
import { createTestDatabase } from '../helpers/database.ts';

const database = await createTestDatabase();
const handle = openDatabase({
  dataDir: database.dataDir,
  databaseUrl: database.databaseUrl,
  poolSize: 2,
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

test('existing accounts and classes get their folded names', async () => {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  const migrator = new Migrator({ db: handle.db, provider });
  expect((await migrator.migrateTo('014-class-enrolment-history')).error).toBeUndefined();
  // The tables as they were before migration 015.
  const db = handle.db as unknown as Kysely<any>;
  const at = '2030-03-10T02:00:00.000Z';
  const yes = handle.dialect === 'postgres' ? true : 1;
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
      email: 'duc@x.vn',
      full_name: 'Trần Văn Đức',
      role: 'teacher',
      username: 'duc',
      is_active: yes,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('classes')
    .values({
      class_id: 'c1',
      class_name: 'Tiếng Anh Giao Tiếp',
      teacher_id: 'u1',
      start_date: '2030-03-01',
      end_date: '2030-06-30',
      is_active: yes,
      created_at: at,
      updated_at: at,
    })
    .execute();

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await db.selectFrom('users').select('search_name').executeTakeFirst()).toEqual({
    search_name: 'tran van duc',
  });
  expect(await db.selectFrom('classes').select('search_name').executeTakeFirst()).toEqual({
    search_name: 'tieng anh giao tiep',
  });
});
