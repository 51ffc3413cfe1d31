// The dashboard, the classes and schedules lists and a class's lessons are answered from kept JSON text
// (src/server/lib/json-answer-cache.ts). A kept answer must be the reply a fresh read gives,
// byte for byte, and every change that alters it must show in the very next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classListSchema } from '#common/classes.ts';
import { dashboardSchema } from '#common/dashboard.ts';
import { lessonListSchema, lessonSchema } from '#common/lessons.ts';
import { z } from 'zod';
import { SECURITY_HEADERS } from '#server/plugins/security-headers.ts';
import { createAccount } from '../helpers/factories.ts';
import { createClass, createLesson, enrol, type School, startSchool } from '../helpers/school.ts';
import type { TestClient } from '../helpers/test-server.ts';

let school: School;
/** The teacher's class, running now (the dashboard shows today's and upcoming lessons). */
let classId: string;
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
beforeAll(async () => {
  school = await startSchool({ names: { teacher: 'Cô Lan' } });
  const klass = await createClass(school.admin, school.teacher.user.user_id, {
    class_name: 'IELTS 6.5',
    start_date: day(-1),
    end_date: day(60),
  });
  classId = klass.class_id;
  await enrol(school.admin, classId, [school.student.user.user_id]);
});
afterAll(() => school?.server.close());

const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function text(client: TestClient, url: string) {
  const response = await client.get(url);
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return response.text;
}

describe('kept answers', () => {
  it('are the reply the schema serialises, the same text again until something changes', async () => {
    await createLesson(school.admin, classId, soon(2), 60, 'Unit 1');
    const viewers = [
      school.admin,
      school.staff.client,
      school.teacher.client,
      school.student.client,
    ];
    for (const [url, schema] of [
      ['/api/classes', classListSchema],
      ['/api/schedules', lessonListSchema],
      ['/api/dashboard', dashboardSchema],
      [`/api/classes/${classId}/schedules`, z.object({ items: z.array(lessonSchema) })],
    ] as const) {
      for (const client of viewers) {
        // The Schedules page is not the student's.
        if (client === school.student.client && url === '/api/schedules') continue;
        const first = await text(client, url);
        // Keys in the schema's order, nothing the schema leaves out (a student never gets a
        // host link): what fastify-type-provider-zod's serializer writes.
        expect(JSON.stringify(schema.encode(JSON.parse(first)))).toBe(first);
        expect(await text(client, url)).toBe(first);
      }
    }
    const studentClasses = await text(school.student.client, '/api/classes');
    expect(JSON.parse(studentClasses).items.map((c: { class_id: string }) => c.class_id)).toContain(
      classId,
    );
    expect(await text(school.student.client, '/api/classes')).toBe(studentClasses);
  });

  it('go out with the headers every API reply has: security headers, no-store, their length', async () => {
    for (const url of ['/api/schedules', '/api/classes', '/api/dashboard']) {
      await text(school.teacher.client, url);
      // Kept now: answered without a promise, straight from the kept bytes.
      const kept = await school.teacher.client.get(url);
      expect(kept.status).toBe(200);
      expect(kept.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(kept.headers.get('cache-control'), url).toBe('no-store');
      expect(kept.headers.get('content-length')).toBe(String(Buffer.byteLength(kept.text)));
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(kept.headers.get(name), `${url} ${name}`).toBe(value);
      }
    }
  });

  it('show a teacher renaming themself at once, in every list that names them', async () => {
    await text(school.admin, '/api/classes');
    await text(school.admin, '/api/schedules');
    await text(school.admin, '/api/dashboard');
    expect(
      (await school.teacher.client.patch('/api/profile', { full_name: 'Cô Lan Anh' })).status,
    ).toBe(200);
    const classes = JSON.parse(await text(school.admin, '/api/classes'));
    expect(classes.items[0].teacher.full_name).toBe('Cô Lan Anh');
    const schedules = JSON.parse(await text(school.admin, '/api/schedules'));
    expect(schedules.items[0].class.teacher.full_name).toBe('Cô Lan Anh');
    const dashboard = JSON.parse(await text(school.admin, '/api/dashboard'));
    expect(dashboard.today.concat(dashboard.upcoming)[0].class.teacher.full_name).toBe(
      'Cô Lan Anh',
    );
  });

  it('show a new lesson, a topic change and an enrolment at once', async () => {
    const before = JSON.parse(await text(school.teacher.client, '/api/classes'));
    const schedulesBefore = JSON.parse(await text(school.teacher.client, '/api/schedules'));
    const lesson = await createLesson(school.admin, classId, soon(30), 60, 'Unit 2');

    const classes = JSON.parse(await text(school.teacher.client, '/api/classes'));
    expect(classes.items[0].schedule_count).toBe(before.items[0].schedule_count + 1);
    const schedules = JSON.parse(await text(school.teacher.client, '/api/schedules'));
    expect(schedules.total).toBe(schedulesBefore.total + 1);
    expect(schedules.items[0].schedule_id).toBe(lesson.schedule_id);

    expect(
      (
        await school.teacher.client.patch(`/api/schedules/${lesson.schedule_id}`, {
          topic: 'Unit 2: Travel',
        })
      ).status,
    ).toBe(200);
    const renamed = JSON.parse(await text(school.admin, '/api/schedules'));
    expect(renamed.items[0].topic).toBe('Unit 2: Travel');

    const newcomer = await createAccount(school.server, school.admin, 'student');
    expect(JSON.parse(await text(newcomer.client, '/api/classes')).items).toEqual([]);
    await enrol(school.admin, classId, [newcomer.user.user_id]);
    expect(JSON.parse(await text(newcomer.client, '/api/classes')).items[0].class_id).toBe(classId);
    const counted = JSON.parse(await text(school.teacher.client, '/api/classes'));
    expect(counted.items[0].student_count).toBe(before.items[0].student_count + 1);
  });

  it('keep each page and filter apart, and drop a deleted class at once', async () => {
    const other = await createClass(school.admin, school.otherTeacher.user.user_id, {
      class_name: 'TOEIC 500',
      start_date: '2031-01-01',
      end_date: '2031-02-01',
    });
    const filtered = JSON.parse(await text(school.admin, '/api/classes?from=2031-01-01'));
    expect(filtered.items.map((c: { class_id: string }) => c.class_id)).toEqual([other.class_id]);
    const second = JSON.parse(await text(school.admin, '/api/classes?page=2'));
    expect(second.page).toBe(2);
    expect(second.items).toEqual([]);
    const all = JSON.parse(await text(school.admin, '/api/classes'));
    expect(all.items.map((c: { class_id: string }) => c.class_id)).toContain(other.class_id);

    expect((await school.admin.delete(`/api/classes/${other.class_id}`)).status).toBe(200);
    const after = JSON.parse(await text(school.admin, '/api/classes'));
    expect(after.items.map((c: { class_id: string }) => c.class_id)).not.toContain(other.class_id);
    expect(JSON.parse(await text(school.admin, '/api/classes?from=2031-01-01')).items).toEqual([]);
  });

  it("keep a class's lessons per viewer, follow a change at once and never keep a refusal", async () => {
    const url = `/api/classes/${classId}/schedules`;
    const asTeacher = JSON.parse(await text(school.teacher.client, url));
    const asStudent = JSON.parse(await text(school.student.client, url));
    // Each viewer's own reply: only who may host a lesson gets its host link.
    expect(asTeacher.items.length).toBe(asStudent.items.length);
    const added = await createLesson(school.admin, classId, soon(50), 60, 'Unit 3');
    const ids = (reply: { items: { schedule_id: string }[] }) =>
      reply.items.map((lesson) => lesson.schedule_id);
    expect(ids(JSON.parse(await text(school.student.client, url)))).toContain(added.schedule_id);
    expect(ids(JSON.parse(await text(school.teacher.client, url)))).toContain(added.schedule_id);
    // Someone outside the class is refused, and refused again (nothing kept); once enrolled,
    // they read it at the very next request, and lose it as soon as they are removed.
    const outsider = school.outsider.client;
    expect((await outsider.get(url)).status).toBe(403);
    expect((await outsider.get(url)).status).toBe(403);
    await enrol(school.admin, classId, [school.outsider.user.user_id]);
    expect(ids(JSON.parse(await text(outsider, url)))).toContain(added.schedule_id);
    const removed = await school.admin.delete(
      `/api/classes/${classId}/students/${school.outsider.user.user_id}`,
    );
    expect(removed.status, removed.text).toBe(200);
    expect((await outsider.get(url)).status).toBe(403);
  });
});
