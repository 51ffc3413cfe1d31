// Admin and staff give a pending lesson (or it and the following ones of its series) to another
// teacher, and take it back: who may, which teacher, which lessons, the clash rules, a retry with
// the same key, and who is told.
import { describe, expect, test } from 'vitest';
import { snapshot } from '../../helpers/factories.ts';
import {
  admin,
  classId,
  expectReply,
  give,
  ids,
  lessonAt,
  lessonRow,
  notificationsOf,
  otherClassId,
  outsider,
  server,
  staff,
  student,
  substitute,
  substituteClassId,
  teacher,
} from './substitute-school.ts';

const subId = () => substitute.user.user_id;

describe('giving one lesson to a substitute', () => {
  test('staff gives a lesson to another teacher: the reply names the substitute, the calendar sequence goes up, and the people concerned are told', async () => {
    const lesson = await lessonAt('2030-03-11', '18:00');
    const before = await lessonRow(lesson);
    const reply = expectReply(await give(staff.client, lesson, { teacher_id: subId() }), 200);
    expect(reply).toMatchObject({
      schedule_id: lesson,
      substitute_teacher_id: subId(),
      substitute_name: 'Thầy Minh',
      class: { teacher_id: teacher.user.user_id },
    });
    const row = await lessonRow(lesson);
    expect(row.substitute_teacher_id).toBe(subId());
    expect(row.sequence).toBe(before.sequence + 1);

    const given = (await notificationsOf(substitute)).find(
      (n) => n.type === 'substitute_given' && n.schedule_id === lesson,
    );
    expect(given?.params).toMatchObject({ class_name: 'IELTS 7.0', count: '1' });
    const covered = (await notificationsOf(teacher)).find(
      (n) => n.type === 'lesson_covered' && n.schedule_id === lesson,
    );
    expect(covered?.params).toMatchObject({ substitute_name: 'Thầy Minh', count: '1' });
    // The students' teacher for it changes, but nothing about their lesson does: no notification.
    expect((await notificationsOf(student)).some((n) => n.type.includes('substitute'))).toBe(false);
    // Staff made the change: they are not told.
    expect((await notificationsOf(staff)).length).toBe(0);
  });

  test('admin takes it back with null (or an empty string): the substitute and the class teacher are told', async () => {
    const lesson = await lessonAt('2030-03-11', '20:00');
    expectReply(await give(admin, lesson, { teacher_id: subId() }), 200);
    const back = expectReply(await give(admin, lesson, { teacher_id: null }), 200);
    expect(back).toMatchObject({ substitute_teacher_id: null, substitute_name: null });
    expect((await lessonRow(lesson)).substitute_teacher_id).toBeNull();
    const takenBack = (await notificationsOf(substitute)).find(
      (n) => n.type === 'substitute_taken_back' && n.params.start_time,
    );
    expect(takenBack).toBeDefined();
    // The lesson is no longer theirs to open: the notification does not link to it.
    expect(takenBack?.schedule_id).toBeNull();
    expect(
      (await notificationsOf(teacher)).some(
        (n) => n.type === 'lesson_given_back' && n.schedule_id === lesson,
      ),
    ).toBe(true);

    expectReply(await give(admin, lesson, { teacher_id: subId() }), 200);
    const empty = expectReply(await give(admin, lesson, { teacher_id: '' }), 200);
    expect(empty.substitute_teacher_id).toBeNull();
  });

  test('giving a lesson to the teacher it already has changes nothing and tells nobody again', async () => {
    const lesson = await lessonAt('2030-03-11', '22:00');
    expectReply(await give(staff.client, lesson, { teacher_id: subId() }), 200);
    const before = await lessonRow(lesson);
    const count = (await notificationsOf(substitute)).length;
    expectReply(await give(staff.client, lesson, { teacher_id: subId() }), 200);
    expect((await lessonRow(lesson)).sequence).toBe(before.sequence);
    expect((await notificationsOf(substitute)).length).toBe(count);
  });

  test('a retry with the same Idempotency-Key answers the first result and does the work once', async () => {
    const lesson = await lessonAt('2030-03-14', '07:00');
    const key = 'substitute-retry-0001';
    const first = expectReply(await give(staff.client, lesson, { teacher_id: subId() }, key), 200);
    const before = await lessonRow(lesson);
    const again = expectReply(await give(staff.client, lesson, { teacher_id: subId() }, key), 200);
    expect(again).toEqual(first);
    expect((await lessonRow(lesson)).sequence).toBe(before.sequence);
    const given = (await notificationsOf(substitute)).filter(
      (n) => n.type === 'substitute_given' && n.schedule_id === lesson,
    );
    expect(given).toHaveLength(1);
  });
});

describe('who and what may be given', () => {
  test('a teacher and a student may not give lessons (403); nothing changes', async () => {
    const lesson = await lessonAt('2030-03-15', '07:00');
    const before = await snapshot(server, ['schedules', 'notifications']);
    for (const who of [teacher, substitute, student]) {
      expectReply(await give(who.client, lesson, { teacher_id: subId() }), 403);
    }
    expect(await snapshot(server, ['schedules', 'notifications'])).toEqual(before);
  });

  test('the substitute must be an active teacher other than the class teacher: a student, staff, an unknown id and the class teacher are refused with their codes', async () => {
    const lesson = await lessonAt('2030-03-15', '09:00');
    const before = await snapshot(server, ['schedules', 'notifications']);
    for (const id of [outsider.user.user_id, staff.user.user_id, crypto.randomUUID(), 'nope']) {
      expectReply(await give(admin, lesson, { teacher_id: id }), 400, 'SUBSTITUTE_NOT_A_TEACHER');
    }
    expectReply(
      await give(admin, lesson, { teacher_id: teacher.user.user_id }),
      400,
      'SUBSTITUTE_IS_CLASS_TEACHER',
    );
    expectReply(await give(admin, lesson, { teacher_id: subId(), scope: 'all' }), 400);
    expectReply(await give(admin, lesson, { scope: 'one' } as never), 400);
    expect(await snapshot(server, ['schedules', 'notifications'])).toEqual(before);
  });

  test('a deactivated teacher cannot be given a lesson', async () => {
    const lesson = await lessonAt('2030-03-15', '11:00');
    const { createAccount } = await import('../../helpers/factories.ts');
    const gone = await createAccount(server, admin, 'teacher');
    await server.server.ctx.database.db
      .updateTable('users')
      .set({ is_active: false })
      .where('user_id', '=', gone.user.user_id)
      .execute();
    expectReply(
      await give(admin, lesson, { teacher_id: gone.user.user_id }),
      400,
      'SUBSTITUTE_NOT_A_TEACHER',
    );
  });

  test('a started, completed or cancelled lesson cannot be given (409); a lesson that does not exist is 404', async () => {
    const running = await lessonAt('2030-03-16', '07:00');
    expectReply(await admin.post(`/api/schedules/${running}/start`), 200);
    expectReply(
      await give(staff.client, running, { teacher_id: subId() }),
      409,
      'SUBSTITUTE_LESSON_NOT_PENDING',
    );
    expectReply(await admin.post(`/api/schedules/${running}/end`), 200);
    expectReply(
      await give(staff.client, running, { teacher_id: subId() }),
      409,
      'SUBSTITUTE_LESSON_NOT_PENDING',
    );
    const called = await lessonAt('2030-03-16', '09:00');
    expectReply(await admin.post(`/api/schedules/${called}/cancel`, { reason: 'Nghỉ' }), 200);
    expectReply(
      await give(staff.client, called, { teacher_id: subId() }),
      409,
      'SUBSTITUTE_LESSON_NOT_PENDING',
    );
    expect((await lessonRow(called)).substitute_teacher_id).toBeNull();
    expectReply(await give(staff.client, crypto.randomUUID(), { teacher_id: subId() }), 404);
  });

  test("'following' for a lesson outside a series is refused", async () => {
    const lesson = await lessonAt('2030-03-16', '11:00');
    expectReply(
      await give(staff.client, lesson, { teacher_id: subId(), scope: 'following' }),
      409,
      'SERIES_NOT_A_SERIES',
    );
  });
});

describe('the clash rules', () => {
  test("a substitute who teaches their own class then is refused, naming that class's lesson", async () => {
    await lessonAt('2030-03-17', '09:00', 60, substituteClassId);
    const lesson = await lessonAt('2030-03-17', '09:30');
    const refused = expectReply(
      await give(staff.client, lesson, { teacher_id: subId() }),
      409,
      'SUBSTITUTE_CLASH',
    );
    expect(refused.params).toEqual({
      class: "Minh's Class",
      start: '09:00 17/03/2030',
      end: '10:00 17/03/2030',
    });
    expect((await lessonRow(lesson)).substitute_teacher_id).toBeNull();
  });

  test('a lesson the substitute already covers then clashes too; the class teacher is free at a covered time', async () => {
    const covered = await lessonAt('2030-03-18', '09:00');
    expectReply(await give(staff.client, covered, { teacher_id: subId() }), 200);
    // Cô Lan no longer teaches at that time: another class of hers may have a lesson then.
    const other = await lessonAt('2030-03-18', '09:00', 60, otherClassId);
    const refused = expectReply(
      await give(staff.client, other, { teacher_id: subId() }),
      409,
      'SUBSTITUTE_CLASH',
    );
    expect(refused.params.class).toBe('IELTS 7.0');
    // And the substitute's own class cannot book a lesson over the one he covers.
    const booked = await admin.post(`/api/classes/${substituteClassId}/schedules`, {
      topic: 'Clash',
      description: null,
      start_time: '2030-03-18T02:30:00.000Z',
      end_time: '2030-03-18T03:30:00.000Z',
    });
    expectReply(booked, 409, 'SCHEDULE_OVERLAP_TEACHER');
    // Taking a lesson back is never refused by a clash: staff chose to give it back.
    expectReply(await give(staff.client, covered, { teacher_id: null }), 200);
  });
});

describe('this and following lessons of a series', () => {
  test("'following' gives the lesson and the pending ones after it in its series, not those before", async () => {
    const created = await admin.post(`/api/classes/${classId}/schedule-series`, {
      topic_pattern: 'Unit {n}',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      start_time: '14:00',
      first_date: '2030-04-01',
      count: 4,
    });
    expectReply(created, 201);
    const lessons = (await admin.get(`/api/classes/${classId}/schedules`)).body.items.filter(
      (l: { topic: string }) => l.topic.startsWith('Unit '),
    );
    expect(lessons).toHaveLength(4);
    const [first, second, third, fourth] = lessons.map(
      (l: { schedule_id: string }) => l.schedule_id,
    );
    expectReply(await admin.post(`/api/schedules/${fourth}/cancel`, { reason: 'Nghỉ lễ' }), 200);
    const reply = expectReply(
      await give(staff.client, second, { teacher_id: subId(), scope: 'following' }),
      200,
    );
    expect(reply.substitute_teacher_id).toBe(subId());
    expect((await lessonRow(first)).substitute_teacher_id).toBeNull();
    expect((await lessonRow(second)).substitute_teacher_id).toBe(subId());
    expect((await lessonRow(third)).substitute_teacher_id).toBe(subId());
    // A cancelled lesson is no one's to teach.
    expect((await lessonRow(fourth)).substitute_teacher_id).toBeNull();
    const given = (await notificationsOf(substitute)).find(
      (n) => n.type === 'substitute_given' && n.schedule_id === second,
    );
    expect(given?.params).toMatchObject({ count: '2', topic: 'Unit 2' });

    // Taken back from the third on: the second stays covered.
    expectReply(await give(admin, third, { teacher_id: null, scope: 'following' }), 200);
    expect((await lessonRow(second)).substitute_teacher_id).toBe(subId());
    expect((await lessonRow(third)).substitute_teacher_id).toBeNull();
  });

  test("'following' refuses the whole change when one lesson clashes for the substitute", async () => {
    await admin.post(`/api/classes/${otherClassId}/schedule-series`, {
      topic_pattern: 'Part {n}',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      start_time: '16:00',
      first_date: '2030-04-10',
      count: 3,
    });
    const lessons = (await admin.get(`/api/classes/${otherClassId}/schedules`)).body.items.filter(
      (l: { topic: string }) => l.topic.startsWith('Part '),
    );
    await lessonAt('2030-04-12', '16:30', 60, substituteClassId);
    const refused = expectReply(
      await give(staff.client, lessons[0].schedule_id, { teacher_id: subId(), scope: 'following' }),
      409,
      'SUBSTITUTE_CLASH',
    );
    expect(refused.params.class).toBe("Minh's Class");
    for (const lesson of lessons) {
      expect((await lessonRow(lesson.schedule_id)).substitute_teacher_id).toBeNull();
    }
  });
});

describe('a covered lesson moved or cancelled', () => {
  test('a new time for this and following lessons checks a covered one against its substitute, not the class teacher', async () => {
    await admin.post(`/api/classes/${classId}/schedule-series`, {
      topic_pattern: 'Retimed {n}',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      start_time: '07:00',
      first_date: '2030-05-01',
      count: 2,
    });
    const [first, second] = ids(
      (await admin.get(`/api/classes/${classId}/schedules`)).body.items.filter(
        (l: { topic: string }) => l.topic.startsWith('Retimed '),
      ),
    );
    expectReply(await give(staff.client, second as string, { teacher_id: subId() }), 200);
    // Thầy Minh teaches his own class at 08:00 on the second day.
    await lessonAt('2030-05-02', '08:00', 60, substituteClassId);
    const refused = await staff.client.patch(`/api/schedules/${first}/following`, {
      start_time: '08:00',
    });
    expectReply(refused, 409, 'SERIES_CHANGE_CLASHES');
    expect(new Date((await lessonRow(second as string)).start_time).toISOString()).toBe(
      '2030-05-02T00:00:00.000Z',
    );
    // The class's teacher is free at 08:00 on that day, whoever covers the lesson: 09:00 passes.
    expectReply(
      await staff.client.patch(`/api/schedules/${first}/following`, { start_time: '09:00' }),
      200,
    );
  });

  test("a move checks the substitute's time, not the class teacher's, and the substitute is told of the move and the cancel", async () => {
    const lesson = await lessonAt('2030-03-20', '09:00');
    expectReply(await give(staff.client, lesson, { teacher_id: subId() }), 200);
    // Cô Lan teaches TOEIC Sáng at 14:00; Thầy Minh his own class at 16:00.
    await lessonAt('2030-03-20', '14:00', 60, otherClassId);
    await lessonAt('2030-03-20', '16:00', 60, substituteClassId);
    const times = (hhmm: string) => {
      const start = new Date(`2030-03-20T${hhmm}:00+07:00`).toISOString();
      return { start_time: start, end_time: new Date(Date.parse(start) + 3_600_000).toISOString() };
    };
    expectReply(
      await staff.client.post(`/api/schedules/${lesson}/move`, times('16:00')),
      409,
      'SCHEDULE_OVERLAP_TEACHER',
    );
    expectReply(await staff.client.post(`/api/schedules/${lesson}/move`, times('14:00')), 200);
    const told = async (type: string) =>
      (await notificationsOf(substitute)).some((n) => n.type === type && n.params.topic);
    expect(await told('lesson_rescheduled')).toBe(true);
    expectReply(
      await staff.client.post(`/api/schedules/${lesson}/cancel`, { reason: 'Nghỉ' }),
      200,
    );
    expect(await told('lesson_cancelled_with_reason')).toBe(true);
  });
});

describe('at the same time', () => {
  test('two lessons at the same hour given to the same substitute at once: one is given, the other refused', async () => {
    const first = await lessonAt('2030-03-21', '09:00');
    const { createAccount } = await import('../../helpers/factories.ts');
    const { createClass, createLesson, vnTime } = await import('../../helpers/school.ts');
    const third = await createAccount(server, admin, 'teacher');
    // The other lesson is of a third teacher's class at the same hour.
    const klass = await createClass(admin, third.user.user_id, { class_name: 'Third' });
    const other = (await createLesson(admin, klass.class_id, vnTime('2030-03-21', '09:00')))
      .schedule_id;
    const replies = await Promise.all([
      give(staff.client, first, { teacher_id: subId() }),
      give(admin, other, { teacher_id: subId() }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const refused = replies.find((reply) => reply.status === 409);
    expect(refused?.body.code).toBe('SUBSTITUTE_CLASH');
    const covered = [await lessonRow(first), await lessonRow(other)].filter(
      (row) => row.substitute_teacher_id === subId(),
    );
    expect(covered).toHaveLength(1);
  });
});
