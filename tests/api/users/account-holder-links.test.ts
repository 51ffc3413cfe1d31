// What an account's holder had never reaches whoever holds it next (issue 30 findings 4 and 8,
// docs/decisions/044-calendar-feed-secrets.md): deleting an account ends its calendar link, its
// notifications and its unsent e-mails; reactivating its e-mail for someone new starts them with
// none of those; a new first password ends the link and the unsent e-mails, the notifications stay.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { createClass, enrol } from '../../helpers/school.ts';
import type { TestClient } from '../../helpers/test-server.ts';
import { admin, server, teacher } from './cast.ts';

const db = () => server.server.ctx.database.db;

/** A student with a calendar link, a notification (their enrolment) and an unsent e-mail. */
async function studentWithLinks(): Promise<Account & { feedUrl: string }> {
  const person = await createAccount(server, admin, 'student', { full_name: 'Người Cũ' });
  const created = await person.client.post('/api/profile/calendar-feed');
  expect(created.status).toBe(201);
  const feedUrl = created.body.url as string;
  const { class_id } = await createClass(admin, teacher.user.user_id, {
    class_name: `Lớp ${randomUUID().slice(0, 6)}`,
  });
  await enrol(admin, class_id, [person.user.user_id]);
  await expect.poll(async () => (await notificationsOf(person.client)).length).toBeGreaterThan(0);
  const now = new Date().toISOString();
  await db()
    .insertInto('email_outbox')
    .values({
      message_id: randomUUID(),
      kind: 'notification',
      notification_id: null,
      user_id: person.user.user_id,
      to_address: person.email,
      subject: 'Bạn được thêm vào lớp',
      text_body: 'x',
      html_body: 'x',
      state: 'pending',
      attempts: 0,
      due_at: now,
      claimed_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
  expect((await fetch(feedUrl)).status).toBe(200);
  return { ...person, feedUrl };
}

const notificationsOf = async (client: TestClient) =>
  (await client.get('/api/notifications')).body.items as unknown[];

async function rowsOf(userId: string) {
  const count = async (table: 'calendar_feeds' | 'notifications' | 'email_outbox') =>
    (await db().selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
  return {
    feeds: await count('calendar_feeds'),
    notifications: await count('notifications'),
    pendingMail: (
      await db()
        .selectFrom('email_outbox')
        .select('message_id')
        .where('user_id', '=', userId)
        .where('state', '=', 'pending')
        .execute()
    ).length,
  };
}

/** Signs in as a freshly made account (its first password, then its own). */
async function signInFirst(email: string, password: string) {
  const client = server.client();
  expect((await client.login(email, password)).status).toBe(200);
  const own = `pw-${randomUUID().slice(0, 8)}`;
  const changed = await client.post('/api/auth/change-password', {
    newPassword: own,
    confirmPassword: own,
  });
  expect(changed.status).toBe(200);
  return client;
}

describe('an account and what follows it', () => {
  test('deleting an account ends its calendar link, its notifications and its unsent e-mails', async () => {
    const person = await studentWithLinks();
    expect(await rowsOf(person.user.user_id)).toMatchObject({ feeds: 1, pendingMail: 1 });
    expect((await admin.delete(`/api/users/${person.user.user_id}`)).status).toBe(200);
    expect(await rowsOf(person.user.user_id)).toEqual({
      feeds: 0,
      notifications: 0,
      pendingMail: 0,
    });
    expect((await fetch(person.feedUrl)).status).toBe(404);

    // The e-mail given to someone else: the old link stays dead, their list starts empty.
    const again = await admin.post('/api/users', {
      email: person.email,
      full_name: 'Người Mới',
      role: 'student',
    });
    expect(again.status).toBe(201);
    expect(again.body.user.user_id).toBe(person.user.user_id);
    const newcomer = await signInFirst(person.email, again.body.password);
    expect((await fetch(person.feedUrl)).status).toBe(404);
    expect(await notificationsOf(newcomer)).toEqual([]);
    expect((await newcomer.get('/api/profile/calendar-feed')).body.exists).toBe(false);
  });

  test('reactivating an e-mail starts the new person with no link, notification or e-mail of the old', async () => {
    // An account deleted before these were ended with it (rows an older version left behind).
    const person = await studentWithLinks();
    const { db: live } = server.server.ctx.database;
    await live
      .updateTable('users')
      .set({ is_active: false })
      .where('user_id', '=', person.user.user_id)
      .execute();
    const left = await rowsOf(person.user.user_id);
    expect(left.feeds).toBe(1);
    expect(left.notifications).toBeGreaterThan(0);
    expect((await fetch(person.feedUrl)).status).toBe(404);

    const again = await admin.post('/api/users', {
      email: person.email,
      full_name: 'Người Mới',
      role: 'teacher',
    });
    expect(again.status).toBe(201);
    expect(again.body.reactivated).toBe(true);
    expect(await rowsOf(person.user.user_id)).toEqual({
      feeds: 0,
      notifications: 0,
      pendingMail: 0,
    });
    // The old link does not come back with the new person's lessons.
    expect((await fetch(person.feedUrl)).status).toBe(404);
    const newcomer = await signInFirst(person.email, again.body.password);
    expect(await notificationsOf(newcomer)).toEqual([]);
  });

  test('a new first password ends the calendar link and the unsent e-mails; the notifications stay', async () => {
    const person = await studentWithLinks();
    const before = await notificationsOf(person.client);
    const issued = await admin.post(`/api/users/${person.user.user_id}/first-password`);
    expect(issued.status).toBe(200);
    expect((await fetch(person.feedUrl)).status).toBe(404);
    const after = await rowsOf(person.user.user_id);
    expect(after).toMatchObject({ feeds: 0, pendingMail: 0 });
    expect(after.notifications).toBe(before.length);
    const back = await signInFirst(person.email, issued.body.password);
    expect(await notificationsOf(back)).toEqual(before);
    expect((await back.get('/api/profile/calendar-feed')).body.exists).toBe(false);
  });
});
