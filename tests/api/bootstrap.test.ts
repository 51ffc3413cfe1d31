// First start, later starts, and what survives a restart.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createServer } from '#server/server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { TestClient } from '../helpers/test-server.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const configFor = (extra: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: 'silent',
    ...extra,
  });

async function start(extra: Record<string, string> = {}) {
  const printed: string[] = [];
  const server = await createServer(configFor(extra), { print: (text) => printed.push(text) });
  const baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, printed: printed.join(''), client: () => new TestClient(baseUrl) };
}

describe('the first admin', () => {
  test('is created once with a printed random password that must be changed, and data survives restarts', async () => {
    const first = await start();
    const match = first.printed.match(/Email:\s+(\S+)\s+Password:\s+(\S+)/);
    expect(match?.[1]).toBe('admin@edu.local');
    const password = match![2]!;
    expect(password.length).toBeGreaterThanOrEqual(12);

    const admin = first.client();
    const login = await admin.login('admin@edu.local', password);
    expect(login.body.mustChangePassword).toBe(true);
    await admin.post('/api/auth/change-password', {
      newPassword: 'chosen-password',
      confirmPassword: 'chosen-password',
    });
    await admin.patch('/api/center-settings', { center_name: 'Kept Across Restarts' });
    await first.server.close();

    // Even with ADMIN_* now set, a database that has an admin gets no second one.
    const second = await start({ ADMIN_EMAIL: 'other@edu.local', ADMIN_PASSWORD: 'secret-pass' });
    expect(second.printed).toBe('');
    const again = second.client();
    await again.login('admin@edu.local', 'chosen-password');
    expect((await again.get('/api/center-settings')).body.center_name).toBe('Kept Across Restarts');
    const admins = await second.server.ctx.database.db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toEqual([{ email: 'admin@edu.local' }]);
    await second.server.close();
  });
});

describe('configuration', () => {
  test.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'admin@x.org' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.cc', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ CENTER_TIMEZONE: 'Mars/Olympus' }, 'CENTER_TIMEZONE'],
    [{ COOKIE_SECURE: 'sometimes' }, 'COOKIE_SECURE'],
    [{ HTTP_ACCEPTORS: '0' }, 'HTTP_ACCEPTORS'],
    [{ HTTP_ACCEPTORS: 'many' }, 'HTTP_ACCEPTORS'],
  ])('a bad setting %j stops start-up naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  test('defaults: port 3000, data under ./data, Asia/Ho_Chi_Minh', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(`${process.cwd()}/data`);
    expect(config.centerTimezone).toBe('Asia/Ho_Chi_Minh');
    expect(config.httpAcceptors).toBe(32);
  });
});
