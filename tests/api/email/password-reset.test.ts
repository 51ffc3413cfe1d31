// 'Quên mật khẩu?' (issue 29 point 5, docs/decisions/040-password-reset.md): without e-mail the
// reply says to ask the staff; with it, the same reply whether the address has an account or not,
// a link by e-mail (through the outbox) that works once and for 30 minutes, sets a password by the
// product's rules and ends the person's sessions; requests are throttled like sign-in.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runEmailOutbox } from '#server/features/email/index.ts';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { smtpSettingsBody, startTestSmtp, type TestSmtp } from '../../helpers/smtp.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';

let smtp: TestSmtp;
let server: TestServer;
let admin: TestClient;
let teacher: Account;
let english: Account;
const clock = new TestClock(Date.parse('2030-03-01T02:00:00Z'));

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    clock,
    jobs: false,
    env: {
      PUBLIC_ORIGIN: 'https://edu.example.test',
      LOGIN_MAX_FAILURES_PER_EMAIL: '3',
      TRUST_PROXY: 'true',
    },
  });
  admin = await server.admin();
  teacher = await createAccount(server, admin, 'teacher', { full_name: 'Trần Thị Bình' });
  english = await createAccount(server, admin, 'student', { full_name: 'Emma Smith' });
  await english.client.put('/api/profile/language', { language: 'en' });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const ask = (email: string, ip?: string) =>
  server
    .client()
    .request(
      'POST',
      '/api/auth/password-reset',
      { json: { email } },
      ip ? { 'x-forwarded-for': ip } : {},
    );
const confirm = (token: string, password: string) =>
  server.client().post('/api/auth/password-reset/confirm', {
    token,
    newPassword: password,
    confirmPassword: password,
  });
const run = () => runEmailOutbox(server.server.ctx, server.server.app.log);
/**
 * Runs the sending until nothing is left to send and nothing new came for a moment: the link is
 * queued just after the reply (the account is looked up then).
 */
async function send() {
  for (let quiet = 0; quiet < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    quiet = (await run()) > 0 ? 0 : quiet + 1;
  }
}
/** Sends the outbox and returns the token of the last reset e-mail to `email`. */
async function tokenSentTo(email: string): Promise<string> {
  const before = smtp.received.length;
  await send();
  const mails = await smtp.waitFor(before + 1);
  const mail = mails.filter((m) => m.to[0] === email).at(-1)!;
  const token = /https:\/\/edu\.example\.test\/reset-password#([A-Za-z0-9_-]+)/.exec(
    mail.text,
  )?.[1];
  expect(token).toBeTruthy();
  return token!;
}

test('without e-mail set up: the page is told to ask the staff, and nothing is queued', async () => {
  expect((await server.client().get('/api/auth/password-reset')).body).toEqual({
    email_configured: false,
  });
  const reply = await ask(teacher.email);
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ code: 'PASSWORD_RESET_ASK_STAFF' });
  const queued = await server.server.ctx.database.db
    .selectFrom('email_outbox')
    .selectAll()
    .execute();
  expect(queued).toHaveLength(0);
});

test('the same reply for an unknown address; a known one gets a link, in its language', async () => {
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  expect((await server.client().get('/api/auth/password-reset')).body.email_configured).toBe(true);
  const unknown = await ask('nobody-here@example.com', '10.0.0.1');
  const known = await ask(teacher.email, '10.0.0.1');
  expect(unknown.status).toBe(200);
  expect(known.status).toBe(200);
  expect(unknown.text).toBe(known.text);
  expect(known.body).toEqual({ code: 'PASSWORD_RESET_SENT' });
  const before = smtp.received.length;
  await send();
  const mails = (await smtp.waitFor(before + 1)).slice(before);
  expect(mails.map((m) => m.to[0])).toEqual([teacher.email]);
  expect(mails[0]!.subject).toContain('Đặt lại mật khẩu');
  expect(mails[0]!.html).toContain('https://edu.example.test/reset-password#');
  // The link's key is not kept once the message has left.
  const row = await server.server.ctx.database.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('kind', '=', 'password_reset')
    .executeTakeFirstOrThrow();
  expect(row.text_body).toBe('');
  const stored = await server.server.ctx.database.db
    .selectFrom('password_resets')
    .selectAll()
    .execute();
  expect(JSON.stringify(stored)).not.toContain(
    /#([A-Za-z0-9_-]+)/.exec(mails[0]!.text)?.[1] ?? 'x',
  );

  await ask(english.email, '10.0.0.2');
  const before2 = smtp.received.length;
  await send();
  const [en] = (await smtp.waitFor(before2 + 1)).slice(before2);
  expect(en!.subject).toMatch(/^Reset your password at /);
  expect(en!.text).toContain('Hello Emma Smith');
  expect(en!.text).toContain('30 minutes');
});

test('a link sets a new password once, ends every session, and the new password signs in', async () => {
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  const person = await createAccount(server, admin, 'student');
  const otherDevice = server.client();
  await otherDevice.login(person.email, person.password);
  expect((await otherDevice.get('/api/auth/session')).status).toBe(200);

  await ask(person.email, '10.0.1.1');
  const token = await tokenSentTo(person.email);
  // The product's password rules.
  const short = await confirm(token, '123');
  expect(short.status).toBe(400);
  expect(short.text).toContain('PASSWORD_TOO_SHORT');
  const done = await confirm(token, 'a-new-password');
  expect(done.status, done.text).toBe(200);
  expect(done.body.code).toBe('PASSWORD_RESET_DONE');
  // Recorded in the audit log by no signed-in person, from the asking address, never the password.
  const logged = await server.server.ctx.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('record_id', '=', person.user.user_id)
    .where('action', '=', 'user.password_reset')
    .execute();
  expect(logged).toHaveLength(1);
  expect(logged[0]!.actor_id).toBeNull();
  expect(logged[0]!.changes).not.toContain('a-new-password');
  // Every session ended.
  expect((await otherDevice.get('/api/auth/session')).status).toBe(401);
  expect((await person.client.get('/api/auth/session')).status).toBe(401);
  // Single use.
  const again = await confirm(token, 'another-password');
  expect(again.status).toBe(400);
  expect(again.body.code).toBe('PASSWORD_RESET_INVALID');
  // The old password no longer works; the new one does.
  expect(
    (
      await server
        .client()
        .post('/api/auth/login', { email: person.email, password: person.password })
    ).status,
  ).toBe(401);
  await server.client().login(person.email, 'a-new-password');
  // A made-up token: the same refusal.
  expect((await confirm('made-up-token', 'whatever-password')).body.code).toBe(
    'PASSWORD_RESET_INVALID',
  );
});

test('a link expires after 30 minutes', async () => {
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  const person = await createAccount(server, admin, 'student');
  await ask(person.email, '10.0.2.1');
  const token = await tokenSentTo(person.email);
  clock.advance(30 * 60_000 + 1000);
  const late = await confirm(token, 'too-late-password');
  expect(late.status).toBe(400);
  expect(late.body.code).toBe('PASSWORD_RESET_INVALID');
  // A new link, used in time, works.
  await ask(person.email, '10.0.2.1');
  const fresh = await tokenSentTo(person.email);
  clock.advance(29 * 60_000);
  expect((await confirm(fresh, 'in-time-password')).status).toBe(200);
});

test('requests are throttled like sign-in, for known and unknown addresses alike', async () => {
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  clock.advance(60 * 60_000);
  for (const email of [teacher.email, 'nobody-else@example.com']) {
    for (let i = 0; i < 3; i++) expect((await ask(email, '10.0.3.1')).status).toBe(200);
    const refused = await ask(email, '10.0.3.1');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  // From another address, or after the window, it goes through again.
  expect((await ask(teacher.email, '10.0.3.2')).status).toBe(200);
  clock.advance(16 * 60_000);
  expect((await ask(teacher.email, '10.0.3.1')).status).toBe(200);
});

test("a forged Host (or X-Forwarded-Host) never reaches the link: it is PUBLIC_ORIGIN's", async () => {
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  const person = await createAccount(server, admin, 'student');
  const reply = await server.server.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    headers: {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
      'x-forwarded-for': '10.0.0.77',
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ email: person.email }),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  await send();
  const mail = smtp.received.find((m) => m.to[0] === person.email);
  expect(mail!.text).toContain('https://edu.example.test/reset-password#');
  expect(`${mail!.text}${mail!.html}`).not.toContain('evil.example');
});
