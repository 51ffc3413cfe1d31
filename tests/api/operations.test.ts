// The operation layer: a write under an Idempotency-Key keeps its result as JSON and answers a
// retry from it (also after a restart, in a fresh server on the same database); two copies of one
// request at once do the work once; notifications react to what operations did, and a failing
// reaction never fails the write.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DomainEventType } from '#server/lib/domain-events.ts';
import { TestClock } from '../helpers/clock.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { createAccount, snapshot, uniqueEmail } from '../helpers/factories.ts';
import { createLesson, type School, startSchool } from '../helpers/school.ts';
import { startTestServer, type TestClient } from '../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-03-01T00:00:00Z'));
/** startSchool's cast; its server and clients are replaced when the test restarts the server. */
const school = {} as School & { database: TestDatabase };

beforeAll(async () => {
  const database = await createTestDatabase();
  Object.assign(school, await startSchool({ clock, database }), { database });
});
afterAll(async () => {
  await school.server.close();
  await school.database.drop();
});

const withKey = (client: TestClient, url: string, body: unknown, key: string) =>
  client.request('POST', url, { json: body }, { 'idempotency-key': key });
const storedResult = async (key: string) => {
  const row = await school.server.server.ctx.database.db
    .selectFrom('idempotency_keys')
    .select(['scope', 'result'])
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  return { scope: row.scope, result: JSON.parse(row.result) };
};
const notificationsOf = async (client: TestClient, type: string) =>
  ((await client.get('/api/notifications')).body.items as { type: string }[]).filter(
    (n) => n.type === type,
  );
/** Counts the domain events of a type published from now on. */
const countEvents = (type: DomainEventType) => {
  const seen = { count: 0 };
  const stop = school.server.server.ctx.domainEvents.subscribe(
    type,
    async () => {
      seen.count++;
    },
    { warn: () => {} },
  );
  return { seen, stop };
};

describe('results kept as JSON', () => {
  test('a series and an import are answered again after a restart, from their stored results', async () => {
    // Tuesdays at 18:00 (11:00 UTC): the second one clashes with a lesson already there.
    await createLesson(school.admin, school.classId, '2030-03-12T11:00:00.000Z');
    const seriesBody = {
      topic_pattern: 'Week {n}',
      weekdays: [2],
      start_time: '18:00',
      duration_minutes: 60,
      first_date: '2030-03-05',
      count: 3,
      on_clash: 'skip',
    };
    const seriesUrl = `/api/classes/${school.classId}/schedule-series`;
    const series = await withKey(school.admin, seriesUrl, seriesBody, 'restart-series-1');
    expect(series.status, series.text).toBe(201);
    expect(series.body).toMatchObject({ created: 2, skipped: 1 });
    expect(await storedResult('restart-series-1')).toEqual({
      scope: `series:${school.classId}`,
      result: { series_id: series.body.series_id, created: 2, skipped: 1, closed: 0 },
    });

    const email = uniqueEmail('restart');
    const importBody = {
      role: 'student',
      rows: [{ full_name: 'Lê Minh', email }],
      class_id: school.classId,
    };
    const imported = await withKey(
      school.admin,
      '/api/users/import',
      importBody,
      'restart-import-1',
    );
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ created: 1, enrolled: 1 });
    expect(imported.body.accounts).toHaveLength(1);
    // The first password is in the first reply only: never kept with the key.
    const kept = await storedResult('restart-import-1');
    expect(kept.result).toEqual({
      created: 1,
      reactivated: 0,
      skipped: 0,
      enrolled: 1,
      parents_created: 0,
      parents_linked: 0,
    });
    expect(JSON.stringify(kept)).not.toContain(imported.body.accounts[0].password);

    const tables = ['schedules', 'users', 'class_students', 'idempotency_keys'];
    const before = await snapshot(school.server, tables);
    await school.server.close();
    school.server = await startTestServer({ clock, database: school.database });
    school.admin = await school.server.admin();
    school.student = { ...school.student, client: school.server.client() };
    await school.student.client.login(school.student.email, school.student.password);

    const seriesAgain = await withKey(school.admin, seriesUrl, seriesBody, 'restart-series-1');
    expect(seriesAgain.status).toBe(201);
    expect(seriesAgain.body).toEqual(series.body);
    const importAgain = await withKey(
      school.admin,
      '/api/users/import',
      importBody,
      'restart-import-1',
    );
    expect(importAgain.status).toBe(200);
    expect(importAgain.body).toEqual({ ...imported.body, accounts: [] });
    expect(await snapshot(school.server, tables)).toEqual(before);
  });
});

describe('two copies of one request at once', () => {
  test('an enrolment sent twice at the same moment enrols once and tells the student once', async () => {
    const newcomer = await createAccount(school.server, school.admin, 'student');
    const enrolled = countEvents('enrolment.added');
    const url = `/api/classes/${school.classId}/students`;
    const body = { student_ids: [newcomer.user.user_id] };
    const replies = await Promise.all([
      withKey(school.admin, url, body, 'race-enrol-0001'),
      withKey(school.admin, url, body, 'race-enrol-0001'),
    ]);
    enrolled.stop();
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(replies[1]?.body).toEqual(replies[0]?.body);
    expect(enrolled.seen.count).toBe(1);
    expect(await notificationsOf(newcomer.client, 'enrolled')).toHaveLength(1);
  });

  test('an import sent twice at the same moment makes each account once', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      full_name: `Học viên ${i}`,
      email: uniqueEmail(`race${i}`),
    }));
    const body = { role: 'student', rows };
    const [first, second] = await Promise.all([
      withKey(school.admin, '/api/users/import', body, 'race-import-0001'),
      withKey(school.admin, '/api/users/import', body, 'race-import-0001'),
    ]);
    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect(first?.body.created).toBe(5);
    expect(second?.body.created).toBe(5);
    // Whichever did the work returned the passwords; the other was answered from its record.
    const passwords = [...(first?.body.accounts ?? []), ...(second?.body.accounts ?? [])];
    expect(passwords).toHaveLength(5);
    const made = await school.server.server.ctx.database.db
      .selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        rows.map((r) => r.email),
      )
      .execute();
    expect(made).toHaveLength(5);
  });
});

describe('notifications react to what operations did', () => {
  test('lessons moved and cancelled, and an enrolment, still reach the class', async () => {
    const lesson = await createLesson(school.admin, school.classId, '2030-04-02T02:00:00.000Z');
    expect((await school.admin.delete(`/api/schedules/${lesson.schedule_id}`)).status).toBe(200);
    expect(await notificationsOf(school.student.client, 'lesson_cancelled')).toHaveLength(1);

    const made = await withKey(
      school.admin,
      `/api/classes/${school.classId}/schedule-series`,
      {
        topic_pattern: 'Term {n}',
        weekdays: [5],
        start_time: '08:00',
        duration_minutes: 60,
        first_date: '2030-04-05',
        count: 2,
        on_clash: 'refuse',
      },
      'moved-series-01',
    );
    expect(made.status, made.text).toBe(201);
    const first = (
      await school.admin.get(`/api/classes/${school.classId}/schedules`)
    ).body.items.find((l: { series_id?: string }) => l.series_id === made.body.series_id);
    const moved = await school.admin.patch(`/api/schedules/${first.schedule_id}/following`, {
      start_time: '09:00',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await notificationsOf(school.student.client, 'lesson_moved')).toHaveLength(1);

    const newcomer = await createAccount(school.server, school.admin, 'student');
    const enrol = await school.admin.post(`/api/classes/${school.classId}/students`, {
      student_ids: [newcomer.user.user_id],
    });
    expect(enrol.status).toBe(200);
    expect(await notificationsOf(newcomer.client, 'enrolled')).toHaveLength(1);
  });

  test('a notification that cannot be stored does not fail the enrolment, nor a failing subscriber the deletion', async () => {
    const { db, dialect } = school.server.server.ctx.database;
    if (dialect === 'postgres') {
      await sql`create function refuse_notifications() returns trigger as $$ begin raise exception 'refused'; end $$ language plpgsql`.execute(
        db,
      );
      await sql`create trigger refuse_notifications before insert on notifications for each row execute function refuse_notifications()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_notifications before insert on notifications begin select raise(abort, 'refused'); end`.execute(
        db,
      );
    }
    const warnings: string[] = [];
    const stop = school.server.server.ctx.domainEvents.subscribe(
      'lessons.deleted',
      async () => {
        throw new Error('a subscriber that always fails');
      },
      { warn: (_obj, message) => warnings.push(message) },
    );
    try {
      const newcomer = await createAccount(school.server, school.admin, 'student');
      const enrol = await school.admin.post(`/api/classes/${school.classId}/students`, {
        student_ids: [newcomer.user.user_id],
      });
      expect(enrol.status, enrol.text).toBe(200);
      const students = (await school.admin.get(`/api/classes/${school.classId}/students`)).body
        .items;
      expect(students.map((s: { user_id: string }) => s.user_id)).toContain(newcomer.user.user_id);

      const lesson = await createLesson(school.admin, school.classId, '2030-04-09T02:00:00.000Z');
      const deleted = await school.admin.delete(`/api/schedules/${lesson.schedule_id}`);
      expect(deleted.status, deleted.text).toBe(200);
      const left = (await school.admin.get(`/api/classes/${school.classId}/schedules`)).body.items;
      expect(left.map((l: { schedule_id: string }) => l.schedule_id)).not.toContain(
        lesson.schedule_id,
      );
      expect(warnings).toEqual(['a domain event subscriber failed']);
    } finally {
      stop();
      await sql`drop trigger refuse_notifications${sql.raw(dialect === 'postgres' ? ' on notifications' : '')}`.execute(
        db,
      );
      if (dialect === 'postgres') await sql`drop function refuse_notifications()`.execute(db);
    }
  });
});
