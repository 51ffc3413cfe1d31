// E-mail (issue 29 point 4, docs/decisions/039-email.md), sent through a real SMTP server started
// here on a loopback port: Settings → Notifications (admin only, the password sealed and never
// sent back), the test message, the outbox (one message per notification, even with two app
// instances on one database, and after a restart), retries with back-off, the recipient's
// language, both parts, the person's choice and the center's default.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { runEmailOutbox } from '#server/features/email/index.ts';
import { addNotifications } from '#server/features/notifications/notify.ts';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { smtpSettingsBody, startTestSmtp, type TestSmtp } from '../../helpers/smtp.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';

let smtp: TestSmtp;
let server: TestServer;
let admin: TestClient;
let staff: Account;
let student: Account;
let english: Account;
const clock = new TestClock(Date.parse('2030-03-01T02:00:00Z'));

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    clock,
    jobs: false,
    env: { PUBLIC_ORIGIN: 'https://edu.example.test' },
  });
  admin = await server.admin();
  [staff, student, english] = await Promise.all([
    createAccount(server, admin, 'staff'),
    createAccount(server, admin, 'student', { full_name: 'Nguyễn Văn An' }),
    createAccount(server, admin, 'student', { full_name: 'Emma Smith' }),
  ]);
  expect((await english.client.put('/api/profile/language', { language: 'en' })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.refuse = null;
  smtp.users.clear();
});

const log = () => server.server.app.log;
const send = () => runEmailOutbox(server.server.ctx, log());
const outbox = () => server.server.ctx.database.db.selectFrom('email_outbox').selectAll().execute();

let invoiceNumber = 0;
const invoiceIssued = (userIds: string[]) => {
  invoiceNumber++;
  return addNotifications(
    server.server.ctx,
    userIds.map((userId) => ({
      userId,
      type: 'invoice_issued' as const,
      params: {
        number: `HD-${invoiceNumber}`,
        amount: '1500000',
        due_date: '2030-03-10',
        class_name: 'IELTS 6.5',
      },
      dedupeKey: `invoice_issued:test-${invoiceNumber}:${userId}`,
    })),
  );
};

test('settings: admin only; the password is sealed in the database and never sent back', async () => {
  for (const client of [staff.client, student.client]) {
    expect((await client.get('/api/email/settings')).status).toBe(403);
    expect((await client.put('/api/email/settings', smtpSettingsBody(smtp))).status).toBe(403);
    expect((await client.post('/api/email/test', {})).status).toBe(403);
  }
  const before = await admin.get('/api/email/settings');
  expect(before.status).toBe(200);
  expect(before.body).toMatchObject({ configured: false, password_set: false });

  const saved = await admin.put(
    '/api/email/settings',
    smtpSettingsBody(smtp, { username: 'mailer', password: 'smtp-secret-password' }),
  );
  expect(saved.status, saved.text).toBe(200);
  expect(saved.body).toMatchObject({
    configured: true,
    password_set: true,
    host: '127.0.0.1',
    code: 'EMAIL_SETTINGS_SAVED',
  });
  expect(saved.text).not.toContain('smtp-secret-password');
  expect((await admin.get('/api/email/settings')).text).not.toContain('smtp-secret-password');
  const row = await server.server.ctx.database.db
    .selectFrom('email_settings')
    .selectAll()
    .executeTakeFirstOrThrow();
  expect(row.sealed_password).toMatch(/^v1:/);
  expect(JSON.stringify(row)).not.toContain('smtp-secret-password');

  // Absent keeps the password; null clears it.
  const kept = await admin.put('/api/email/settings', smtpSettingsBody(smtp, { username: 'x' }));
  expect(kept.body.password_set).toBe(true);
  const cleared = await admin.put(
    '/api/email/settings',
    smtpSettingsBody(smtp, { password: null }),
  );
  expect(cleared.body).toMatchObject({ password_set: false, username: null });

  // No port: the usual one of the security chosen.
  const { port: _port, ...withoutPort } = smtpSettingsBody(smtp);
  const tls = await admin.put('/api/email/settings', { ...withoutPort, security: 'tls' });
  expect(tls.body).toMatchObject({ port: 465, security: 'tls' });

  // Bad input: a clear 400 on its field.
  const badPort = await admin.put('/api/email/settings', smtpSettingsBody(smtp, { port: 70000 }));
  expect(badPort.status).toBe(400);
  expect(badPort.text).toContain('SMTP_PORT_INVALID');
  const badFrom = await admin.put(
    '/api/email/settings',
    smtpSettingsBody(smtp, { from_address: 'not an address' }),
  );
  expect(badFrom.status).toBe(400);
  const badSecurity = await admin.put(
    '/api/email/settings',
    smtpSettingsBody(smtp, { security: 'ssl3' }),
  );
  expect(badSecurity.status).toBe(400);
});

test('the test message arrives (to the admin by default); a refusal is told in words', async () => {
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  const before = smtp.received.length;
  const sent = await admin.post('/api/email/test', {});
  expect(sent.body, sent.text).toMatchObject({ ok: true, code: 'EMAIL_TEST_SENT' });
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  expect(mail!.to).toEqual(['admin@test.local']);
  expect(mail!.from).toBe('center@edu.test');
  expect(mail!.text).toContain('Edu Center');

  const other = await admin.post('/api/email/test', { to: 'someone@else.test' });
  expect(other.body.ok).toBe(true);
  expect((await smtp.waitFor(before + 2))[before + 1]!.to).toEqual(['someone@else.test']);

  smtp.refuse = 'Mailbox unavailable';
  const refused = await admin.post('/api/email/test', {});
  expect(refused.status).toBe(200);
  expect(refused.body).toMatchObject({ ok: false, code: 'SMTP_REFUSED' });
  expect(refused.body.params.detail).toContain('Mailbox unavailable');

  // A wrong password: the server's refusal of the sign-in.
  smtp.refuse = null;
  smtp.users.set('mailer', 'right');
  await admin.put(
    '/api/email/settings',
    smtpSettingsBody(smtp, { username: 'mailer', password: 'wrong' }),
  );
  const auth = await admin.post('/api/email/test', {});
  expect(auth.body).toMatchObject({ ok: false, code: 'SMTP_AUTH_FAILED' });

  // Nobody listening: the connection's failure.
  await admin.put('/api/email/settings', smtpSettingsBody(smtp, { port: 1, password: null }));
  const down = await admin.post('/api/email/test', {});
  expect(down.body).toMatchObject({ ok: false, code: 'SMTP_CONNECTION_FAILED' });
  await admin.put('/api/email/settings', smtpSettingsBody(smtp, { username: null }));
});

test('a notification of an e-mailable type makes one message, in the recipient language, both parts', async () => {
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  const before = smtp.received.length;
  await invoiceIssued([student.user.user_id, english.user.user_id]);
  // A notification type that is not e-mailable makes none.
  await addNotifications(server.server.ctx, [
    { userId: student.user.user_id, type: 'enrolled', params: { class_name: 'A' } },
  ]);
  expect(await send()).toBe(2);
  const mails = (await smtp.waitFor(before + 2)).slice(before);
  expect(mails).toHaveLength(2);
  const vi = mails.find((m) => m.to[0] === student.email)!;
  const en = mails.find((m) => m.to[0] === english.email)!;
  expect(vi.subject).toBe(`Hoá đơn học phí mới HD-${invoiceNumber}`);
  expect(vi.text).toContain('Chào Nguyễn Văn An');
  expect(en.subject).toBe(`New tuition invoice HD-${invoiceNumber}`);
  expect(en.text).toContain('Hello Emma Smith');
  expect(en.text).toContain('due 2030-03-10');
  for (const mail of [vi, en]) {
    expect(mail.headers['content-type']).toContain('multipart/alternative');
    expect(mail.text).toContain('Edu Center'); // the center's name
    expect(mail.text).toContain('https://edu.example.test/tuition'); // a link back
    expect(mail.html).toContain('<a href="https://edu.example.test/tuition">');
  }
  // Nothing more to send: never twice.
  expect(await send()).toBe(0);
  expect((await outbox()).filter((m) => m.state === 'pending')).toHaveLength(0);
});

test('a lesson cancelled through the API reaches the class by e-mail once', async () => {
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  const teacher = await createAccount(server, admin, 'teacher');
  const klass = await admin.post('/api/classes', {
    class_name: 'Email class',
    start_date: '2030-01-01',
    end_date: '2030-12-31',
    description: null,
    teacher_id: teacher.user.user_id,
  });
  expect(klass.status, klass.text).toBe(201);
  await admin.post(`/api/classes/${klass.body.class_id}/students`, {
    student_ids: [english.user.user_id],
  });
  const lesson = await admin.post(`/api/classes/${klass.body.class_id}/schedules`, {
    topic: 'Listening',
    description: null,
    start_time: '2030-03-05T02:00:00.000Z',
    end_time: '2030-03-05T03:00:00.000Z',
  });
  expect(lesson.status, lesson.text).toBe(201);
  const before = smtp.received.length;
  const cancelled = await admin.post(`/api/schedules/${lesson.body.schedule_id}/cancel`, {
    reason: 'Teacher is ill',
  });
  expect(cancelled.status, cancelled.text).toBe(200);
  expect(await send()).toBe(2);
  const mails = (await smtp.waitFor(before + 2)).slice(before);
  expect(mails.map((m) => m.to[0]).sort()).toEqual([english.email, teacher.email].sort());
  const toEmma = mails.find((m) => m.to[0] === english.email)!;
  expect(toEmma.subject).toBe('A lesson was cancelled: Email class');
  expect(toEmma.text).toContain('Reason: Teacher is ill');
});

test("a person's own choice wins; else the center default; no SMTP, no messages", async () => {
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  const prefs = await student.client.get('/api/profile/email-preferences');
  expect(prefs.status).toBe(200);
  expect(prefs.body.available).toBe(true);
  expect(prefs.body.items.find((i: { type: string }) => i.type === 'invoice_issued')).toEqual({
    type: 'invoice_issued',
    enabled: true,
    own: null,
    center_default: true,
  });
  const off = await student.client.put('/api/profile/email-preferences', {
    preferences: { invoice_issued: false },
  });
  expect(off.status, off.text).toBe(200);
  expect(off.body.code).toBe('EMAIL_PREFERENCES_SAVED');
  const bad = await student.client.put('/api/profile/email-preferences', {
    preferences: { enrolled: true },
  });
  expect(bad.status).toBe(400);

  // The center's default off for invoices: Emma (no choice of her own) gets none either.
  await admin.put(
    '/api/email/settings',
    smtpSettingsBody(smtp, { email_defaults: { invoice_issued: false } }),
  );
  const messagesBefore = (await outbox()).length;
  await invoiceIssued([student.user.user_id, english.user.user_id]);
  expect((await outbox()).length).toBe(messagesBefore);

  // Emma chooses it herself: hers comes; the student's own 'off' still holds with the default on.
  await english.client.put('/api/profile/email-preferences', {
    preferences: { invoice_issued: true },
  });
  await admin.put(
    '/api/email/settings',
    smtpSettingsBody(smtp, { email_defaults: { invoice_issued: true } }),
  );
  await invoiceIssued([student.user.user_id, english.user.user_id]);
  const added = (await outbox()).slice(messagesBefore);
  expect(added.map((m) => m.to_address)).toEqual([english.email]);
  await send();

  // Back to the default (null), and the SMTP cleared: nothing is queued.
  await student.client.put('/api/profile/email-preferences', {
    preferences: { invoice_issued: null },
  });
  await admin.put('/api/email/settings', smtpSettingsBody(smtp, { host: '' }));
  expect((await student.client.get('/api/profile/email-preferences')).body.available).toBe(false);
  const count = (await outbox()).length;
  await invoiceIssued([student.user.user_id]);
  expect((await outbox()).length).toBe(count);
});

test('a refused message is tried again after a growing wait, then given up after the last try', async () => {
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  await send();
  const before = smtp.received.length;
  smtp.refuse = 'Try again later';
  await invoiceIssued([student.user.user_id]);
  expect(await send()).toBe(0);
  const [row] = (await outbox()).filter((m) => m.state === 'pending');
  expect(row).toMatchObject({ attempts: 1 });
  expect(row!.last_error).toContain('Try again later');
  const firstWait = Date.parse(row!.due_at as string) - clock.now().getTime();
  expect(firstWait).toBe(60_000);
  // Not due yet: not tried.
  expect(await send()).toBe(0);
  expect((await outbox()).find((m) => m.message_id === row!.message_id)!.attempts).toBe(1);
  clock.advance(60_000);
  expect(await send()).toBe(0);
  const second = (await outbox()).find((m) => m.message_id === row!.message_id)!;
  expect(second.attempts).toBe(2);
  expect(Date.parse(second.due_at as string) - clock.now().getTime()).toBe(120_000);
  // The server accepts again: the next try sends it, once.
  smtp.refuse = null;
  clock.advance(120_000);
  expect(await send()).toBe(1);
  expect(smtp.received.length).toBe(before + 1);
  expect((await outbox()).find((m) => m.message_id === row!.message_id)!.state).toBe('sent');

  // Refused every time: 'failed' after the sixth try, and never tried again.
  smtp.refuse = 'Mailbox full';
  await invoiceIssued([student.user.user_id]);
  for (let i = 0; i < 8; i++) {
    await send();
    clock.advance(60 * 60_000);
  }
  const failed = (await outbox()).filter((m) => m.state === 'failed');
  expect(failed).toHaveLength(1);
  expect(failed[0]!.attempts).toBe(6);
  expect(smtp.received.length).toBe(before + 1);
});

test('messages done with are let go after a month; pending ones stay', async () => {
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  await send();
  smtp.refuse = 'Later';
  await invoiceIssued([english.user.user_id]);
  await send();
  const before = await outbox();
  expect(before.some((m) => m.state === 'sent')).toBe(true);
  clock.advance(31 * 86_400_000);
  smtp.refuse = 'Still later';
  await send();
  const after = await outbox();
  expect(after.filter((m) => m.state === 'sent')).toHaveLength(0);
  expect(after.filter((m) => m.state === 'pending')).toHaveLength(1);
});
