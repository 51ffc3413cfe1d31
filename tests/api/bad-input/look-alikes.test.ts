// The bad-input battery (battery.ts), cases 23-24: times and emails that only look alike.
import { describe, expect, test } from 'vitest';
import { createClass } from '../../helpers/school.ts';
import { admin, expectRefused, server, student, teacher } from './battery.ts';

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
