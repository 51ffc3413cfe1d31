// The authorization matrix (product.md §6): every API route and the realtime channel ×
// {signed out, student, teacher, staff, admin} × {own record, same class, another class}.
// One table says who is allowed where and what an allowed reply may contain; every cell runs
// through HTTP with real sessions; a denied cell answers 401 (signed out) or 403 and leaves the
// database as it was. An inventory check fails when the server has a route the table lacks.
// The table's rows are in the *-rows.ts files beside this one, the people and classes they act on
// in world.ts.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openEventStream } from '../../helpers/event-stream.ts';
import { createAccount, snapshot, USER_DATA_TABLES } from '../../helpers/factories.ts';
import type { TestClient } from '../../helpers/test-server.ts';
import { accountRows } from './account-rows.ts';
import { auditRows } from './audit-rows.ts';
import { backupRows } from './backup-rows.ts';
import { bankRows } from './bank-rows.ts';
import { classRows } from './class-rows.ts';
import { closedDayRows } from './closed-day-rows.ts';
import { emailRows } from './email-rows.ts';
import { familyRows } from './family-rows.ts';
import { lessonReportRows } from './lesson-report-rows.ts';
import { makeupRows } from './makeup-rows.ts';
import { materialRows } from './material-rows.ts';
import { meetingRows } from './meeting-rows.ts';
import { parentRows } from './parent-rows.ts';
import { recordingRows } from './recording-rows.ts';
import { roomRows } from './room-rows.ts';
import { settingsRows } from './settings-rows.ts';
import { teacherPayRows } from './teacher-pay-rows.ts';
import { tuitionRows } from './tuition-rows.ts';
import {
  admin,
  clients,
  closeWorld,
  EVERY_SCOPE,
  people,
  type Row,
  type Scope,
  server,
  setUpWorld,
  shared,
  sharedTarget,
  WHO,
  type Who,
} from './world.ts';

const TABLES = USER_DATA_TABLES;

beforeAll(setUpWorld);
afterAll(closeWorld);

const rows: Row[] = [
  ...accountRows,
  ...settingsRows,
  ...classRows,
  ...meetingRows,
  ...roomRows,
  ...closedDayRows,
  ...tuitionRows,
  ...bankRows,
  ...recordingRows,
  ...teacherPayRows,
  ...makeupRows,
  ...lessonReportRows,
  ...familyRows,
  ...emailRows,
  ...backupRows,
  ...parentRows,
  ...materialRows,
  ...auditRows,
];

/** Routes outside the table, with the reason. */
const NOT_IN_TABLE: Record<string, string> = {
  'POST /api/zoom/webhook':
    "Zoom's, not a user's: authenticated by signature (zoom-webhook.test.ts)",
  'POST /api/bank/webhook':
    "the bank-notification service's, not a user's: authenticated by its API key (bank-transfers.test.ts)",
  'PUT /api/test/clock': 'exists only with TEST_CLOCK=true, never in production (meetings.test.ts)',
};

describe('inventory', () => {
  test('every API route the server registers has a row in the table', () => {
    const registered = server.server.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    const covered = new Set([...rows.map((r) => r.route), ...Object.keys(NOT_IN_TABLE)]);
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
    // And the table names no route that does not exist.
    const known = new Set(registered);
    expect(rows.map((r) => r.route).filter((route) => !known.has(route))).toEqual([]);
  });
});

const isAllowed = (row: Row, who: Who, scope: Scope) => {
  const rule = row.allow[who];
  return rule === true || (Array.isArray(rule) && rule.includes(scope));
};

describe.each(
  rows.map((row) => ({ ...row, title: row.variant ? `${row.route} (${row.variant})` : row.route })),
)('$title', (row) => {
  const cells = WHO.flatMap((who) => row.scopes.map((scope) => ({ who, scope })));
  test.each(cells)('$who, $scope', async ({ who, scope }) => {
    expect(EVERY_SCOPE).toContain(scope);
    const target = {
      ...sharedTarget(scope, who),
      ...(row.fresh ? await row.fresh(scope, who) : {}),
    };
    const before = await snapshot(server, TABLES);
    const response = await row.call(clients[who], target, who);
    if (isAllowed(row, who, scope)) {
      expect(response.status, `${who} should be allowed: ${response.text}`).not.toBe(401);
      expect(response.status, `${who} should be allowed: ${response.text}`).not.toBe(403);
      expect(response.status, response.text).toBeLessThan(500);
      if (response.status < 300) row.check?.(response.body, who, target);
    } else {
      expect(response.status, `${who} should be refused: ${response.text}`).toBe(
        who === 'anonymous' ? 401 : 403,
      );
      expect(response.body.code, 'a refusal says why').toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(await snapshot(server, TABLES)).toEqual(before);
    }
  });
});

describe('lists and details agree', () => {
  const allPages = async (client: TestClient, url: string, key: string) => {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const reply = await client.get(`${url}${url.includes('?') ? '&' : '?'}page=${page}`);
      if (reply.status !== 200) return ids;
      ids.push(...reply.body.items.map((item: Record<string, string>) => item[key]));
      if (ids.length >= reply.body.total || reply.body.items.length === 0) return ids;
    }
  };

  test.each(['student', 'teacher', 'staff', 'admin', 'parent'] as const)(
    'the classes a %s lists are exactly those whose detail they may open',
    async (who) => {
      const listed = await allPages(clients[who], '/api/classes', 'class_id');
      const all = await server.server.ctx.database.db
        .selectFrom('classes')
        .select('class_id')
        .where('is_active', '=', true)
        .execute();
      const openable: string[] = [];
      for (const { class_id } of all) {
        if ((await clients[who].get(`/api/classes/${class_id}`)).status === 200)
          openable.push(class_id);
      }
      expect(listed.sort()).toEqual(openable.sort());
      expect(openable.length).toBeGreaterThan(0);
    },
  );

  test.each(['student', 'teacher', 'staff', 'admin', 'parent'] as const)(
    'the students a %s lists are exactly the other accounts whose detail they may open',
    async (who) => {
      const listed = await allPages(clients[who], '/api/users?role=student', 'user_id');
      const self =
        who === 'admin'
          ? null
          : people[who as 'student' | 'teacher' | 'staff' | 'parent'].user.user_id;
      const students = await server.server.ctx.database.db
        .selectFrom('users')
        .select('user_id')
        .where('role', '=', 'student')
        .where('is_active', '=', true)
        .execute();
      const openable: string[] = [];
      for (const { user_id } of students) {
        if (user_id === self) continue;
        if ((await clients[who].get(`/api/users/${user_id}`)).status === 200)
          openable.push(user_id);
      }
      expect(listed.filter((id) => id !== self).sort()).toEqual(openable.sort());
    },
  );
});

describe('a parent (docs/decisions/036-parents.md)', () => {
  test("reads their child's running lesson without its join link; the child has it", async () => {
    const url = `/api/classes/${shared.same.classId}/schedules`;
    const asChild = await clients.student.get(url);
    const asParent = await clients.parent.get(url);
    expect(asChild.status).toBe(200);
    expect(asParent.status).toBe(200);
    const running = (body: { items: { schedule_id: string; meeting: unknown }[] }) =>
      body.items.find((lesson) => lesson.schedule_id === shared.same.scheduleId);
    expect(JSON.stringify(running(asChild.body))).toMatch(/join_url/);
    expect(running(asParent.body)).toMatchObject({ meeting: { join: {} } });
    expect(JSON.stringify(asParent.body)).not.toMatch(/join_url|start_url/);
    // The other parent's child is in another class: refused.
    const other = await clients.parent.get(`/api/classes/${shared.other.classId}/schedules`);
    expect(other.status).toBe(403);
  });
});

describe('deactivation', () => {
  test('deactivating a user ends their sessions and their realtime stream at once', async () => {
    const victim = await createAccount(server, admin, 'student');
    const stream = await openEventStream(server.baseUrl, victim.client.cookie);
    expect(stream.status).toBe(200);
    expect((await admin.delete(`/api/users/${victim.user.user_id}`)).status).toBe(200);
    await expect(
      Promise.race([
        stream.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 2_000)),
      ]),
    ).resolves.toBe('ended');
    expect((await victim.client.get('/api/auth/session')).status).toBe(401);
    expect((await victim.client.get('/api/dashboard')).status).toBe(401);
  });
});
