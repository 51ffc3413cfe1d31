// The server's log (issue 26 point 8): one JSON line per answered API request at the default
// level, none for the web app's files unless LOG_LEVEL=debug; never a cookie or a query string.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createServer } from '#server/server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { TestClient } from '../helpers/test-server.ts';

let database: TestDatabase;
let webRoot: string;
beforeAll(async () => {
  database = await createTestDatabase();
  // A built web app of two files: a page and a hashed asset.
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-web-'));
  await fs.mkdir(path.join(webRoot, 'assets'));
  await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Edu</title>');
  await fs.writeFile(path.join(webRoot, 'assets', 'index-abc.js'), 'console.log(1)');
});
afterAll(async () => {
  await database.drop();
  await fs.rm(webRoot, { recursive: true, force: true });
});

async function serverLogging(level: 'info' | 'debug') {
  const lines: string[] = [];
  const config = {
    ...loadConfig({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      LOG_LEVEL: level,
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'admin-password',
    }),
    webRoot,
  };
  const server = await createServer(config, {
    print: () => {},
    jobs: false,
    log: { destination: { write: (line) => lines.push(line) }, terminal: false },
  });
  const client = new TestClient(await server.listen({ port: 0, host: '127.0.0.1' }));
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, any>);
  return { server, client, lines, records };
}

describe('at the default level', () => {
  test('an API request is one JSON line; the page and its assets are none', async () => {
    const { server, client, lines, records } = await serverLogging('info');
    await client.login('admin@test.local', 'admin-password');
    await client.get('/api/center-settings?token=secret-in-query');
    await client.get('/');
    await client.get('/settings');
    await client.get('/assets/index-abc.js');
    await server.close();

    const requests = records().filter((record) => record.req);
    expect(requests.map((record) => `${record.req.method} ${record.req.url}`)).toEqual([
      'POST /api/auth/login',
      'GET /api/center-settings',
    ]);
    expect(requests[1]).toMatchObject({ level: 30, res: { statusCode: 200 } });
    expect(typeof requests[1]?.responseTime).toBe('number');
    const everything = lines.join('');
    expect(everything).not.toContain('secret-in-query');
    expect(everything).not.toContain('admin-password');
    expect(everything).not.toMatch(/edu_session=/);
  });
});

test("with LOG_LEVEL=debug the web app's files are logged too, with the reads the page's HTML carries", async () => {
  const { server, client, records } = await serverLogging('debug');
  await client.get('/assets/index-abc.js');
  await client.get('/');
  await server.close();
  const files = records().filter((record) => record.req && record.level === 20);
  // The page's first-screen data (plugins/web-boot.ts) are read, at once, before the page is
  // answered.
  const logged = files.map((record) => `${record.req.url} ${record.res.statusCode}`);
  expect(logged[0]).toBe('/assets/index-abc.js 200');
  expect(logged.slice(1, 3).sort()).toEqual(['/api/center-settings 200', '/api/themes/active 200']);
  expect(logged.slice(3)).toEqual(['/ 200']);
});

test('a calendar feed token never reaches the log, however its path is written (issue 30 finding 3)', async () => {
  const { server, client, lines, records } = await serverLogging('debug');
  await client.login('admin@test.local', 'admin-password');
  const created = await client.post('/api/profile/calendar-feed');
  expect(created.status).toBe(201);
  const url = new URL(created.body.url as string);
  const token = url.pathname.replace('/api/calendar/', '').replace('.ics', '');
  const anonymous = new TestClient(client.baseUrl);
  const ways = [
    url.pathname,
    `${url.pathname}?class=${crypto.randomUUID()}`,
    url.pathname.replace('/api/', '/%61pi/'),
    url.pathname.replace('/calendar/', '/%63alendar/'),
    `${url.pathname}/`,
    `/${url.pathname}`,
    url.pathname.replace('.ics', ''),
    `${url.pathname}%00`,
    `${url.pathname}/more`,
  ];
  const statuses = [];
  for (const way of ways) statuses.push((await anonymous.get(way)).status);
  await server.close();
  // The first ways reach the feed itself.
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  const everything = lines.join('');
  expect(everything).not.toContain(token);
  const logged = records()
    .filter((record) => record.req?.method === 'GET' && /calendar\//i.test(record.req.url))
    .map((record) => record.req.url);
  expect(logged.length).toBe(ways.length);
  expect(new Set(logged)).toEqual(new Set(['/api/calendar/…']));
});
