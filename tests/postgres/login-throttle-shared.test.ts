// The sign-in limit is one limit across server processes: two servers on one PostgreSQL database
// receive a burst of guesses for one email from one address between them, and at most the allowed
// number of passwords is checked in all.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { createAccount } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let database: TestDatabase;
let servers: TestServer[];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  servers = [];
  for (let i = 0; i < 2; i++) servers.push(await startTestServer({ database, jobs: false }));
});
afterAll(async () => {
  for (const server of servers ?? []) await server.close();
  await database?.drop();
});

test('60 concurrent guesses split over two servers: at most 5 are checked', async () => {
  const [first, second] = servers as [TestServer, TestServer];
  const victim = await createAccount(first, await first.admin(), 'student');
  const replies = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      (i % 2 ? second : first)
        .client()
        .post('/api/auth/login', { email: victim.email, password: `guess-${i}` }),
    ),
  );
  const checked = replies.filter((r) => r.status === 401).length;
  expect(checked).toBe(5);
  expect(replies.filter((r) => r.status === 429)).toHaveLength(60 - checked);
  // Both servers now refuse that address for that email.
  for (const server of servers) {
    const again = await server
      .client()
      .post('/api/auth/login', { email: victim.email, password: victim.password });
    expect(again.status).toBe(429);
  }
});
