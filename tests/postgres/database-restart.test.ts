// When PostgreSQL drops the server's connections (a restart, an administrator, a failover), the
// requests in flight answer 503 and the server carries on by itself: a connection that dies while
// a request holds it must not take the process down (bench/crash.ts --db postgres found that).
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  server = await startTestServer({ database });
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

test('connections killed under load: only 200 and 503 answers, then full service again', async () => {
  const admin = await server.admin();
  const killer = new pg.Client({ connectionString: database.databaseUrl });
  await killer.connect();
  const statuses = new Set<number>();
  try {
    for (let round = 0; round < 8; round++) {
      const requests = Array.from({ length: 24 }, (_, i) =>
        i % 3 === 0
          ? admin.patch('/api/center-settings', { center_name: `Round ${round}` })
          : admin.get(i % 3 === 1 ? '/api/classes' : '/api/dashboard'),
      );
      await killer.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      for (const reply of await Promise.all(requests)) statuses.add(reply.status);
    }
  } finally {
    await killer.end();
  }
  expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
  expect((await admin.get('/api/health')).status).toBe(200);
  const after = await admin.patch('/api/center-settings', { center_name: 'After the storm' });
  expect(after.status).toBe(200);
});
