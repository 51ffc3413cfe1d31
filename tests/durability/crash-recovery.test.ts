// The server is killed with SIGKILL while clients write; every write it had acknowledged must
// be there after a restart on the same DATA_DIR, and nothing may be duplicated.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { themeBody } from '../helpers/factories.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import { TestClient } from '../helpers/test-server.ts';

const CYCLES = 6;
const WRITERS = 4;
const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: 'admin@crash.test',
  ADMIN_PASSWORD: 'crash-test-password',
});

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-crash-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

test(`acknowledged writes survive ${CYCLES} SIGKILLs mid-write`, async () => {
  const acknowledged: string[] = [];
  let cookie: string | undefined;

  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const server = await startServerProcess(env(dataDir));
    const client = new TestClient(server.baseUrl);
    if (cookie) client.cookie = cookie;
    else {
      await client.login('admin@crash.test', 'crash-test-password');
      cookie = client.cookie;
    }

    // Writers keep creating themes (each a distinct name) until the server dies under them.
    let stop = false;
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let i = 0; !stop; i++) {
        const name = `crash ${cycle}-${writer}-${i}`;
        try {
          const response = await client.post('/api/themes', themeBody(name, '#123456'));
          if (response.status === 201) acknowledged.push(name);
        } catch {
          return; // Connection refused or reset: the server is gone.
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300 + cycle * 70));
    await server.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
  }

  const server = await startServerProcess(env(dataDir));
  try {
    const client = new TestClient(server.baseUrl);
    client.cookie = cookie;
    const themes = (await client.get('/api/themes')).body.items as { theme_name: string }[];
    const stored = themes.map((t) => t.theme_name).filter((name) => name.startsWith('crash '));
    expect(acknowledged.length).toBeGreaterThan(CYCLES * 5);
    for (const name of acknowledged) expect(stored).toContain(name);
    expect(new Set(stored).size).toBe(stored.length);
    const admins = await client.get('/api/users?role=admin');
    expect(admins.body.total).toBe(1);
  } finally {
    await server.kill('SIGTERM');
  }
});
