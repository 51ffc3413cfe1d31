// The API speaks in codes: every route of the OpenAPI document is called with bad input, with
// records that do not exist, by roles it refuses, and along its main success paths, and no JSON
// reply carries a sentence. An error body holds only codes (code, reason), the field's name and
// the values of the code's text; a success reply says what happened by a code too. The test puts
// in ASCII data (but for the fixture's class description), so any other Vietnamese letter in a
// reply is a sentence the server wrote itself.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PNG_1x1 } from '../helpers/images.ts';
import { createClass, createLesson, type School, startSchool } from '../helpers/school.ts';
import type { TestClient, TestResponse } from '../helpers/test-server.ts';

const CODE = /^[A-Z][A-Z0-9_]*$/;
const VIETNAMESE = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;
/** Data, not sentences: the seeded default theme's description and the fixture's class's. */
const DATA_TEXTS = new Set(['Theme mặc định với tông màu xanh dương', 'Lớp nền tảng']);
/** Streams and documents: not JSON replies (the documents are checked in their own tests). */
const NOT_JSON = [/^\/api\/events$/, /^\/api\/calendar\/\{file\}$/, /\/export$/];

let school: School;
let admin: TestClient;
let operations: { method: string; path: string; hasBody: boolean }[];
const problems: string[] = [];

beforeAll(async () => {
  school = await startSchool();
  admin = school.admin;
  const document = (await (await fetch(`${school.server.baseUrl}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths)
    .filter(([path]) => !NOT_JSON.some((pattern) => pattern.test(path)))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        hasBody: Boolean((operation as { requestBody?: unknown }).requestBody),
      })),
    );
}, 60_000);
afterAll(() => school.server.close());

function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* strings(item, `${path}[${index}]`);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* strings(item, `${path}.${key}`);
  }
}

/** Notes every way a reply speaks in sentences; the tests then expect none. */
function inspect(what: string, response: TestResponse): void {
  if (!response.headers.get('content-type')?.includes('application/json')) {
    if (response.status >= 400) problems.push(`${what}: ${response.status} without a JSON body`);
    return;
  }
  const body = response.body;
  for (const [path, text] of strings(body, 'body')) {
    if (VIETNAMESE.test(text) && !DATA_TEXTS.has(text)) problems.push(`${what}: ${path} = ${text}`);
  }
  if (response.status >= 400) {
    for (const [key, value] of Object.entries(body ?? {})) {
      const fine =
        ((key === 'code' || key === 'reason') && typeof value === 'string' && CODE.test(value)) ||
        (key === 'field' && typeof value === 'string' && /^[\w.]+$/.test(value)) ||
        (key === 'params' && typeof value === 'object');
      if (!fine) problems.push(`${what}: error body ${key} = ${JSON.stringify(value)}`);
    }
    if (typeof body?.code !== 'string') problems.push(`${what}: error without a code`);
  } else if (body && typeof body === 'object' && 'code' in body && !CODE.test(String(body.code))) {
    problems.push(`${what}: success code ${JSON.stringify(body.code)}`);
  }
  if (body && typeof body === 'object' && 'message' in body) problems.push(`${what}: a message`);
}

const fill = (path: string, id: (name: string) => string) =>
  path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_, name: string) => id(name));

async function call(client: TestClient, method: string, url: string, json?: unknown) {
  const response = await client.request(
    method,
    `/api${url}`,
    json === undefined ? undefined : { json },
  );
  inspect(`${method} ${url}`, response);
  return response;
}

describe('every route of the OpenAPI document answers in codes', () => {
  test('records that do not exist, and ids that are no ids', async () => {
    // The walk covers the whole API, not a part the document happened to list.
    expect(operations.length).toBeGreaterThan(60);
    for (const { method, path, hasBody } of operations) {
      const body = hasBody ? {} : undefined;
      await call(
        admin,
        method,
        fill(path, () => randomUUID()),
        body,
      );
      if (path.includes('{'))
        await call(
          admin,
          method,
          fill(path, () => 'not-an-id'),
          body,
        );
    }
    expect(problems.join('\n')).toBe('');
  }, 120_000);

  test('bad input: wrong types, unknown fields, broken JSON', async () => {
    const ids = { classId: school.classId, userId: school.student.user.user_id };
    const url = (path: string) =>
      fill(path, (name) => ids[name as keyof typeof ids] ?? randomUUID());
    for (const { method, path } of operations.filter((o) => o.hasBody)) {
      await call(admin, method, url(path), { full_name: 7, email: [], topic: {}, x_unknown: 1 });
      await call(admin, method, url(path), []);
      const broken = await admin.request(method, `/api${url(path)}`, {
        raw: '{"a":',
        type: 'application/json',
      });
      inspect(`${method} ${path} broken JSON`, broken);
      expect(broken.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect(problems.join('\n')).toBe('');
  }, 120_000);

  test('refused roles and no session', async () => {
    const ids = { classId: school.classId, userId: school.teacher.user.user_id };
    const url = (path: string) =>
      fill(path, (name) => ids[name as keyof typeof ids] ?? randomUUID());
    const signedOut = school.server.client();
    for (const { method, path, hasBody } of operations) {
      if (path === '/api/auth/logout') continue;
      const body = hasBody ? {} : undefined;
      await call(school.student.client, method, url(path), body);
      await call(signedOut, method, url(path), body);
    }
    expect(problems.join('\n')).toBe('');
  }, 120_000);
});

describe('the main success paths say what happened by a code', () => {
  test('accounts, profile, settings and themes', async () => {
    // A fresh session: the walks above may have ended the first one (signing out is a route too).
    admin = await school.server.admin();
    const created = await call(admin, 'POST', '/users', {
      full_name: 'Ascii Person',
      email: `ascii-${randomUUID()}@example.com`,
      role: 'student',
    });
    expect(created.body).toMatchObject({
      code: 'USER_CREATED',
      params: { password: expect.any(String) },
    });
    const issued = await call(admin, 'POST', `/users/${created.body.user.user_id}/first-password`);
    expect(issued.body.code).toBe('FIRST_PASSWORD_ISSUED');
    await call(admin, 'GET', '/users?role=student&page=1');
    const me = school.teacher.client;
    expect((await call(me, 'PATCH', '/profile', { full_name: 'Teacher Ascii' })).body.code).toBe(
      'PROFILE_UPDATED',
    );
    expect((await call(me, 'PUT', '/profile/language', { language: 'en' })).body.code).toBe(
      'LANGUAGE_SAVED',
    );
    const avatar = await me.upload('/api/profile/avatar', {
      bytes: PNG_1x1,
      name: 'a.png',
      type: 'image/png',
    });
    inspect('avatar', avatar);
    expect(avatar.body.code).toBe('AVATAR_UPDATED');
    expect((await call(me, 'POST', '/profile/calendar-feed')).body.code).toBe(
      'CALENDAR_FEED_CREATED',
    );
    expect((await call(me, 'DELETE', '/profile/calendar-feed')).body.code).toBe(
      'CALENDAR_FEED_REVOKED',
    );
    expect(
      (await call(admin, 'PATCH', '/center-settings', { center_name: 'Ascii Center' })).body.code,
    ).toBe('CENTER_UPDATED');
    await call(admin, 'GET', '/themes');
    await call(admin, 'GET', '/center-settings');
    await call(admin, 'GET', '/zoom-accounts?page=1');
    await call(admin, 'POST', '/zoom/connection-check');
    expect(problems.join('\n')).toBe('');
  });

  test('classes, enrolments, lessons, series and attendance', async () => {
    const klass = await createClass(admin, school.teacher.user.user_id, {
      class_name: 'Ascii Class',
      description: 'ascii',
    });
    const enrolled = await call(admin, 'POST', `/classes/${klass.class_id}/students`, {
      student_ids: [school.outsider.user.user_id],
    });
    expect(enrolled.body.code).toBe('ENROL_ADDED');
    const lesson = await createLesson(admin, klass.class_id, '2030-04-01T02:00:00.000Z');
    for (const url of [
      '/classes?page=1',
      `/classes/${klass.class_id}`,
      `/classes/${klass.class_id}/students`,
      `/classes/${klass.class_id}/attendance`,
      `/schedules/${lesson.schedule_id}/attendance`,
      '/schedules?page=1',
      '/dashboard',
      '/notifications',
    ]) {
      await call(admin, 'GET', url);
    }
    const series = await call(admin, 'POST', `/classes/${klass.class_id}/schedule-series`, {
      topic_pattern: 'Unit {n}',
      weekdays: [3],
      start_time: '09:00',
      first_date: '2030-04-10',
      count: 2,
    });
    expect(series.body).toMatchObject({ code: 'SERIES_CREATED', params: { count: '2' } });
    const lessons = await call(admin, 'GET', `/classes/${klass.class_id}/schedules?page=1`);
    const first = lessons.body.items.find((l: { series_id: string | null }) => l.series_id);
    const moved = await call(admin, 'PATCH', `/schedules/${first.schedule_id}/following`, {
      start_time: '10:00',
    });
    expect(moved.body).toMatchObject({ code: 'SERIES_FOLLOWING_UPDATED', params: { count: '2' } });
    // One lesson moved, then cancelled: the lesson itself comes back, as when it was created.
    const second = lessons.body.items.find(
      (l: { series_id: string | null }) => l.series_id && l !== first,
    );
    const retimed = await call(admin, 'POST', `/schedules/${second.schedule_id}/move`, {
      start_time: '2030-04-20T02:00:00.000Z',
      end_time: '2030-04-20T03:00:00.000Z',
    });
    expect(retimed.body.start_time).toBe('2030-04-20T02:00:00.000Z');
    const called = await call(admin, 'POST', `/schedules/${second.schedule_id}/cancel`, {
      reason: 'Teacher is ill',
    });
    expect(called.body.cancellation.reason).toBe('Teacher is ill');
    expect((await call(admin, 'DELETE', `/schedules/${lesson.schedule_id}`)).body.code).toBe(
      'SCHEDULE_DELETED',
    );
    const removed = await call(
      admin,
      'DELETE',
      `/classes/${klass.class_id}/students/${school.outsider.user.user_id}`,
    );
    expect(removed.body.code).toBe('ENROL_REMOVED');
    expect((await call(admin, 'DELETE', `/classes/${klass.class_id}`)).body.code).toBe(
      'CLASS_DELETED',
    );
    const imported = await call(admin, 'POST', '/users/import', {
      role: 'student',
      rows: [{ full_name: 'Imported Ascii', email: `imported-${randomUUID()}@example.com` }],
    });
    expect(imported.body).toMatchObject({
      code: 'IMPORT_DONE',
      params: { created: '1', reactivated: '0', skipped: '0' },
    });
    expect(problems.join('\n')).toBe('');
  });

  test('closed days: the holidays proposed are keys, the days added, renamed and removed codes', async () => {
    const added = await call(admin, 'POST', '/closed-days', {
      name: 'Ascii Day',
      from_date: '2031-05-02',
    });
    expect(added.body).toMatchObject({ code: 'CLOSED_DAYS_ADDED', params: { count: '1' } });
    for (const url of [
      '/closed-days?year=2031',
      '/closed-days/proposals',
      '/closed-days/lessons',
    ]) {
      await call(admin, 'GET', url);
    }
    const renamed = await call(admin, 'PATCH', '/closed-days/2031-05-02', { name: 'Ascii' });
    expect(renamed.body.code).toBe('CLOSED_DAY_RENAMED');
    expect((await call(admin, 'DELETE', '/closed-days/2031-05-02')).body.code).toBe(
      'CLOSED_DAY_REMOVED',
    );
    expect(problems.join('\n')).toBe('');
  });
});
