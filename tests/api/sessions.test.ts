import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import { createAccount } from '../helpers/factories.ts';
import { ADMIN, startTestServer, type TestServer } from '../helpers/test-server.ts';

const HOUR = 3_600_000;
const clock = new TestClock();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: { SESSION_IDLE_HOURS: '2', SESSION_MAX_DAYS: '1', EVENT_STREAM_HEARTBEAT_SECONDS: '1' },
  });
});
afterAll(() => server.close());

describe('session expiry', () => {
  test('a session used regularly lives on; one left idle past the limit ends', async () => {
    const active = await server.admin();
    const idle = await server.admin();
    for (let i = 0; i < 3; i++) {
      clock.advance(HOUR);
      expect((await active.get('/api/auth/session')).status).toBe(200);
    }
    expect((await idle.get('/api/auth/session')).status).toBe(401);
  });

  test('every session ends at its absolute limit, however active', async () => {
    const client = await server.admin();
    for (let i = 0; i < 23; i++) {
      clock.advance(HOUR);
      expect((await client.get('/api/auth/session')).status).toBe(200);
    }
    clock.advance(HOUR);
    expect((await client.get('/api/auth/session')).status).toBe(401);
  });

  test('expired session rows are removed, and a made-up token is just unauthenticated', async () => {
    const client = await server.admin();
    clock.advance(3 * HOUR);
    expect((await client.get('/api/auth/session')).status).toBe(401);
    // Sessions of earlier tests were never presented again; the next sign-in prunes them.
    await server.admin();
    const { db } = server.server.ctx.database;
    const rows = await db.selectFrom('sessions').select('expires_at').execute();
    expect(rows.every((r) => Date.parse(r.expires_at) > clock.now().getTime())).toBe(true);
    const forged = server.client();
    forged.cookie = 'edu_session=forged-token-value';
    expect((await forged.get('/api/auth/session')).status).toBe(401);
  });
});

describe('event streams and expiry', () => {
  test('an open stream ends once its session has expired, at its next heartbeat', async () => {
    const client = await server.admin();
    const stream = await openEventStream(server.baseUrl, client.cookie);
    expect(stream.status).toBe(200);
    clock.advance(3 * HOUR);
    await stream.ended;
    expect((await client.get('/api/auth/session')).status).toBe(401);
  });
});

describe('logs', () => {
  test('no password, session token or cookie is ever written to the log', async () => {
    let log = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        log += chunk;
        done();
      },
    });
    const stdoutWrite = process.stdout.write.bind(process.stdout);
    // Fastify's logger writes to stdout: capture it while a chatty server handles sign-ins.
    process.stdout.write = ((chunk: string | Uint8Array) =>
      sink.write(chunk)) as typeof process.stdout.write;
    const verbose = await startTestServer({ env: { LOG_LEVEL: 'trace' } }).finally(() => {});
    try {
      const admin = verbose.client();
      await admin.login(ADMIN.email, ADMIN.password);
      await verbose
        .client()
        .post('/api/auth/login', { email: ADMIN.email, password: 'wrong-secret-123' });
      const created = await createAccount(verbose, admin, 'student');
      await admin.get('/api/auth/session?token=should-not-appear');
      process.stdout.write = stdoutWrite;
      expect(log.length).toBeGreaterThan(100);
      for (const secret of [
        ADMIN.password,
        'wrong-secret-123',
        created.password,
        admin.cookie!.split('=')[1]!,
        created.client.cookie!.split('=')[1]!,
        'should-not-appear',
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      process.stdout.write = stdoutWrite;
      await verbose.close();
    }
  });
});
