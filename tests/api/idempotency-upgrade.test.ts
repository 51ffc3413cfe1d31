// Keys recorded before results were kept as JSON (their ids and numbers packed into one string)
// are carried over by the upgrade, so a retry that straddles it is still answered.
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#server/db/connection.ts';
import { migrateToLatest, migrations } from '#server/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

test('each packed record becomes the JSON result its operation answers with', async () => {
  const provider = { getMigrations: async () => migrations(handle.dialect) };
  const before = await new Migrator({ db: handle.db, provider }).migrateTo('010-user-language');
  expect(before.error).toBeUndefined();
  const key = (idempotency_key: string, scope: string, resource_id: string) => ({
    user_id: 'u1',
    idempotency_key,
    scope,
    resource_id,
    created_at: '2030-01-01T00:00:00.000Z',
  });
  await (handle.db as any)
    .insertInto('idempotency_keys')
    .values([
      key('lesson-key-1', 'schedule:c1', 'lesson-1'),
      key('enrol-key-01', 'enrolment:c1', 's1,s2,s3'),
      key('import-key-1', 'user-import', 'import|4|1|2|5'),
      key('series-key-1', 'series:c1', 'series-without-lessons|3'),
    ])
    .execute();

  await migrateToLatest(handle);
  const rows = await handle.db
    .selectFrom('idempotency_keys')
    .select(['idempotency_key', 'scope', 'result'])
    .orderBy('idempotency_key')
    .execute();
  expect(rows.map((row) => [row.idempotency_key, JSON.parse(row.result)])).toEqual([
    ['enrol-key-01', { added: 3 }],
    ['import-key-1', { created: 4, reactivated: 1, skipped: 2, enrolled: 5 }],
    ['lesson-key-1', { schedule_id: 'lesson-1' }],
    ['series-key-1', { series_id: 'series-without-lessons', created: 0, skipped: 3 }],
  ]);
});
