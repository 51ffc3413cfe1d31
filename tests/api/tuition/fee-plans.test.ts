// A class's fee plan (issue 27): the admin sets one of three kinds, staff read it, teachers and
// students see nothing of it; amounts are whole đồng; a course's instalments add up to its fee and
// fall due in order; bad input is refused with a code and changes nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { snapshot } from '../../helpers/factories.ts';
import { refusal } from '../../helpers/replies.ts';
import { type School, startSchool } from '../../helpers/school.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: School;
beforeAll(async () => {
  school = await startSchool({ clock, names: { className: 'IELTS 7.0' } });
});
afterAll(() => school.server.close());

const planUrl = () => `/api/classes/${school.classId}/fee-plan`;
const unchanged = async (act: () => Promise<unknown>) => {
  const before = await snapshot(school.server, ['fee_plans', 'fee_plan_instalments']);
  await act();
  expect(await snapshot(school.server, ['fee_plans', 'fee_plan_instalments'])).toEqual(before);
};

describe("a class's fee plan", () => {
  test('none at first; the admin sets each kind in turn and staff read what is set', async () => {
    expect((await school.staff.client.get(planUrl())).body).toEqual({ plan: null });

    const perLesson = await school.admin.put(planUrl(), {
      kind: 'per_lesson',
      amount: 250_000,
      charged_absences: 'unexcused',
    });
    expect(perLesson.status, perLesson.text).toBe(200);
    expect(perLesson.body).toMatchObject({
      code: 'TUITION_PLAN_SAVED',
      params: { class: 'IELTS 7.0' },
      plan: { kind: 'per_lesson', amount: 250_000, charged_absences: 'unexcused', instalments: [] },
    });
    expect(perLesson.body.plan.updated_by_name).toBeTruthy();

    const perMonth = await school.admin.put(planUrl(), { kind: 'per_month', amount: 1_500_000 });
    expect(perMonth.body.plan).toMatchObject({
      kind: 'per_month',
      amount: 1_500_000,
      charged_absences: null,
    });

    const course = await school.admin.put(planUrl(), {
      kind: 'per_course',
      amount: 6_000_000,
      instalments: [
        { amount: 3_000_000, due_date: '2030-03-15' },
        { amount: 2_000_000, due_date: '2030-04-15' },
        { amount: 1_000_000, due_date: '2030-05-15' },
      ],
    });
    expect(course.status, course.text).toBe(200);
    const read = await school.staff.client.get(planUrl());
    expect(read.body.plan).toMatchObject({
      kind: 'per_course',
      amount: 6_000_000,
      instalments: [
        { amount: 3_000_000, due_date: '2030-03-15' },
        { amount: 2_000_000, due_date: '2030-04-15' },
        { amount: 1_000_000, due_date: '2030-05-15' },
      ],
    });

    // Back to one amount for the course: its instalments go with the old plan.
    await school.admin.put(planUrl(), { kind: 'per_course', amount: 5_000_000 });
    expect((await school.staff.client.get(planUrl())).body.plan.instalments).toEqual([]);
  });

  test('only the admin sets or removes it; staff read it; teachers and students see nothing', async () => {
    const body = { kind: 'per_month', amount: 1_200_000 };
    await unchanged(async () => {
      expect((await school.staff.client.put(planUrl(), body)).status).toBe(403);
      expect((await school.teacher.client.put(planUrl(), body)).status).toBe(403);
      expect((await school.staff.client.delete(planUrl())).status).toBe(403);
    });
    expect((await school.teacher.client.get(planUrl())).status).toBe(403);
    expect((await school.student.client.get(planUrl())).status).toBe(403);
    expect((await school.server.client().get(planUrl())).status).toBe(401);

    await school.admin.put(planUrl(), body);
    const removed = await school.admin.delete(planUrl());
    expect(removed.body).toEqual({ code: 'TUITION_PLAN_REMOVED', params: { class: 'IELTS 7.0' } });
    expect((await school.staff.client.get(planUrl())).body).toEqual({ plan: null });
  });

  test('bad input is refused with a code and changes nothing', async () => {
    await school.admin.put(planUrl(), { kind: 'per_month', amount: 1_000_000 });
    const cases: [unknown, string][] = [
      [{ kind: 'per_week', amount: 100 }, 'TUITION_PLAN_KIND_INVALID'],
      [{ kind: 'per_month', amount: 1500.5 }, 'MONEY_AMOUNT_INVALID'],
      [{ kind: 'per_month', amount: 0 }, 'MONEY_AMOUNT_INVALID'],
      [{ kind: 'per_month', amount: -5 }, 'MONEY_AMOUNT_INVALID'],
      [{ kind: 'per_month', amount: '1000000' }, 'MONEY_AMOUNT_INVALID'],
      [{ kind: 'per_month', amount: 1e15 }, 'MONEY_AMOUNT_INVALID'],
      [{ kind: 'per_lesson', amount: 200_000 }, 'VALIDATION'],
      [
        {
          kind: 'per_course',
          amount: 3_000_000,
          instalments: [
            { amount: 1_000_000, due_date: '2030-03-15' },
            { amount: 1_000_000, due_date: '2030-04-15' },
          ],
        },
        'TUITION_INSTALMENTS_TOTAL',
      ],
      [
        {
          kind: 'per_course',
          amount: 2_000_000,
          instalments: [
            { amount: 1_000_000, due_date: '2030-04-15' },
            { amount: 1_000_000, due_date: '2030-03-15' },
          ],
        },
        'TUITION_INSTALMENTS_ORDER',
      ],
      [
        {
          kind: 'per_course',
          amount: 1_000_000,
          instalments: [{ amount: 1_000_000, due_date: '2030-02-30' }],
        },
        'TUITION_DUE_DATE_INVALID',
      ],
    ];
    for (const [body, code] of cases) {
      await unchanged(async () => {
        const response = await school.admin.put(planUrl(), body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(refusal(response.body).code, JSON.stringify(body)).toBe(code);
      });
    }
    const missing = await school.admin.put(
      '/api/classes/00000000-0000-4000-8000-000000000000/fee-plan',
      { kind: 'per_month', amount: 1_000_000 },
    );
    expect(missing.status).toBe(404);
  });
});
