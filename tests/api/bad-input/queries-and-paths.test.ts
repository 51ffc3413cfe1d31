// The bad-input battery (battery.ts), cases 20-22d: query strings, paths and dates the database
// would choke on, and a correctly signed webhook that is not what Zoom sends.
import { describe, expect, test } from 'vitest';
import { deliverWebhook } from '../../helpers/zoom-webhook.ts';
import { admin, CODE, classId, clock, expectRefused, sendJson, server } from './battery.ts';
import { endpoints } from './endpoints.ts';

describe('query strings and paths', () => {
  test('20. SQL fragments in filter and page parameters', async () => {
    for (const url of [
      `/api/users?role=${encodeURIComponent("student' OR '1'='1")}`,
      `/api/users?role=student&page=${encodeURIComponent('1; DROP TABLE users')}`,
      `/api/classes?from=${encodeURIComponent("2030-01-01' OR '1'='1")}`,
      `/api/classes?to=${encodeURIComponent('2030-01-01; --')}`,
      `/api/schedules?status=${encodeURIComponent("active' --")}`,
      '/api/schedules?page=1e308',
      `/api/schedules?class_id=${encodeURIComponent("1' OR '1'='1")}`,
      `/api/schedules?from=${encodeURIComponent("2030-01-01' OR '1'='1")}`,
      `/api/schedules/week?date=${encodeURIComponent('2030-01-01; --')}`,
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
        ['POST', `/api/schedules/${id}/move`],
        ['POST', `/api/schedules/${id}/cancel`],
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
