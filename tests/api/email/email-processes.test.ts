// The outbox with two app instances on one database (docs/decisions/039-email.md): each message
// is sent by one of them, never twice; and after an instance is closed half-way, a new one sends
// what was left, nothing twice.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runEmailOutbox } from '#server/features/email/index.ts';
import { addNotifications } from '#server/features/notifications/notify.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts';
import { createAccount } from '../../helpers/factories.ts';
import { smtpSettingsBody, startTestSmtp, type TestSmtp } from '../../helpers/smtp.ts';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

let smtp: TestSmtp;
let database: TestDatabase;
const servers: TestServer[] = [];
const studentIds: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  database = await createTestDatabase();
  // One after the other: the first migrates. Both share the secrets key.
  const env = { SECRETS_KEY: 'ab'.repeat(32) };
  servers.push(await startTestServer({ database, jobs: false, env }));
  servers.push(await startTestServer({ database, jobs: false, env }));
  const admin = await servers[0]!.admin();
  expect((await admin.put('/api/email/settings', smtpSettingsBody(smtp))).status).toBe(200);
  for (let i = 0; i < 6; i++) {
    studentIds.push((await createAccount(servers[0]!, admin, 'student')).user.user_id);
  }
}, 60_000);
afterAll(async () => {
  for (const server of servers) await server.server.close();
  await database?.drop();
  await smtp?.close();
});

const notify = (server: TestServer, key: string) =>
  addNotifications(
    server.server.ctx,
    studentIds.map((userId) => ({
      userId,
      type: 'invoice_overdue' as const,
      params: { number: key, amount: '100000', due_date: '2030-01-01' },
      dedupeKey: `invoice_overdue:${key}:${userId}`,
    })),
  );

test('two instances running the job together send each message once', async () => {
  const [one, two] = servers as [TestServer, TestServer];
  // The same notifications made by both (as two processes' reminders would): stored once each.
  await notify(one, 'HD-A');
  await notify(two, 'HD-A');
  const before = smtp.received.length;
  const runs = await Promise.all([
    runEmailOutbox(one.server.ctx, one.server.app.log),
    runEmailOutbox(two.server.ctx, two.server.app.log),
    runEmailOutbox(one.server.ctx, one.server.app.log),
    runEmailOutbox(two.server.ctx, two.server.app.log),
  ]);
  expect(runs.reduce((a, b) => a + b, 0)).toBe(6);
  const mails = smtp.received.slice(before);
  expect(mails).toHaveLength(6);
  expect(new Set(mails.map((m) => m.to[0])).size).toBe(6);
});

test('closed half-way: a new instance sends what was left, nothing twice', async () => {
  const [one] = servers as [TestServer, TestServer];
  await notify(one, 'HD-B');
  const before = smtp.received.length;
  expect(await runEmailOutbox(one.server.ctx, one.server.app.log, { limit: 2 })).toBe(2);
  await one.server.close();
  servers.shift();
  // A new process on the same database, its job running by itself.
  const restarted = await startTestServer({
    database,
    env: { SECRETS_KEY: 'ab'.repeat(32), EMAIL_SEND_INTERVAL_SECONDS: '1' },
  });
  servers.push(restarted);
  await smtp.waitFor(before + 6);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const mails = smtp.received.slice(before);
  expect(mails).toHaveLength(6);
  expect(new Set(mails.map((m) => m.to[0])).size).toBe(6);
  const rows = await restarted.server.ctx.database.db
    .selectFrom('email_outbox')
    .select('state')
    .execute();
  expect(rows.every((row) => row.state === 'sent')).toBe(true);
});
