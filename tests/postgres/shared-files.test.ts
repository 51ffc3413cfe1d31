// Two server processes, each with a DATA_DIR of its own, on one PostgreSQL database: a file
// uploaded through one is served by the other, and a replacement through either reaches both.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { GIF_1x1, PNG_1x1 } from '../helpers/images.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { TestClient } from '../helpers/test-server.ts';

const ADMIN = { email: 'admin@shared-files.test', password: 'shared-files-password' };

let database: TestDatabase;
const dataDirs: string[] = [];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  // One after the other: the first runs the migrations and creates the admin.
  for (const name of ['first', 'second']) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `edu-files-${name}-`));
    dataDirs.push(dataDir);
    servers.push(
      await startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      }),
    );
  }
}, 60_000);
afterAll(async () => {
  for (const server of servers) await server.kill('SIGTERM');
  await database?.drop();
  for (const dataDir of dataDirs) await fs.rm(dataDir, { recursive: true, force: true });
});

async function uploadLogo(baseUrl: string, bytes: Buffer): Promise<string> {
  const admin = new TestClient(baseUrl);
  await admin.login(ADMIN.email, ADMIN.password);
  const response = await admin.upload('/api/center-settings/logo', {
    bytes,
    name: 'logo.bin',
    type: 'application/octet-stream',
  });
  expect(response.status, response.text).toBe(200);
  return response.body.settings.logo_url;
}

async function fetchFile(baseUrl: string, url: string) {
  const response = await fetch(baseUrl + url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

test('a logo uploaded through one server is served by the other, byte for byte', async () => {
  const [first, second] = servers as [ServerProcess, ServerProcess];
  const url = await uploadLogo(first.baseUrl, PNG_1x1);
  expect(await fetchFile(second.baseUrl, url)).toEqual({
    status: 200,
    type: 'image/png',
    bytes: PNG_1x1,
  });
  // Neither server wrote it to its own disk.
  for (const dataDir of dataDirs) {
    const onDisk = await fs
      .readdir(path.join(dataDir, 'files'), { recursive: true })
      .catch(() => []);
    expect(onDisk.filter((name) => name.endsWith('.png'))).toEqual([]);
  }
});

test('a logo replaced through the other server is gone from both, and the new one served', async () => {
  const [first, second] = servers as [ServerProcess, ServerProcess];
  const old = await uploadLogo(first.baseUrl, PNG_1x1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const replacement = await uploadLogo(second.baseUrl, GIF_1x1);
  for (const server of [first, second]) {
    expect((await fetchFile(server.baseUrl, old)).status).toBe(404);
    expect(await fetchFile(server.baseUrl, replacement)).toEqual({
      status: 200,
      type: 'image/gif',
      bytes: GIF_1x1,
    });
  }
});
