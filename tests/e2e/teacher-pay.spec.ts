// Teachers' pay (issue 28 point 3), on a desktop and on a phone: the admin set the teacher's rate
// (per hour) through the API, and two lessons of the teacher's class were held today, on the
// server's clock: one started and ended in the app 45 minutes apart (the provider's time), one
// never started (the schedule's time, 'theo lịch'); a third was covered by another teacher and is
// not theirs. The teacher opens 'Lương của tôi' from the menu and reads the month: each lesson, its
// time, its amount, and the total.
import type { Page } from '@playwright/test';
import { addDays, createClass, createLesson, vnDate, vnTime } from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';

/** Opens a page from the main menu (behind its toggle on a phone). */
async function openFromMenu(page: Page, name: string) {
  if (page.viewportSize()!.width < 900) {
    await page.getByRole('button', { name: 'Mở menu', exact: true }).click();
  }
  await page.getByRole('navigation', { name: 'Menu chính' }).getByRole('link', { name }).click();
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test("a teacher reads their month's statement: lessons, the time each ran, amounts and the total", async ({
      page,
      app,
      signIn,
    }) => {
      test.setTimeout(90_000);
      const stamp = `${width}-${Date.now() % 100000}`;
      const today = vnDate(Date.now());
      // The server's day starts just after midnight: the lessons below are still to come.
      await app.setServerTime(vnTime(today, '00:01'));
      const admin = await app.admin();
      const teacher = await app.account('teacher', { full_name: `Giáo Viên Lương ${stamp}` });
      const substitute = await app.account('teacher');
      const className = `Lớp Lương ${stamp}`;
      const { class_id: classId } = await createClass(admin, teacher.user.user_id, {
        class_name: className,
        default_venue: 'link',
        meeting_link: 'https://meet.example.com/luong',
        start_date: today,
        end_date: addDays(today, 30),
      });
      const started = await createLesson(admin, classId, vnTime(today, '00:20'), 60, 'Unit 1');
      await createLesson(admin, classId, vnTime(today, '01:30'), 90, 'Unit 2');
      const covered = await createLesson(admin, classId, vnTime(today, '03:30'), 60, 'Unit 3');
      // Until the substitute API merges: the third lesson is given to another teacher in the
      // database (PUT /api/schedules/:scheduleId/substitute).
      app.sql(
        'update schedules set substitute_teacher_id = ? where schedule_id = ?',
        substitute.user.user_id,
        covered.schedule_id,
      );
      const rate = await admin.put('/api/teacher-pay/rates', {
        teacher_id: teacher.user.user_id,
        kind: 'per_hour',
        amount: 200_000,
        effective_from: today.slice(0, 7),
      });
      expect(rate.status, rate.text).toBe(200);

      // Unit 1 is started at 00:20 and ended at 01:05 in the app: 45 minutes by the provider.
      await app.setServerTime(vnTime(today, '00:20'));
      const start = await teacher.client.post(`/api/schedules/${started.schedule_id}/start`);
      expect(start.status, start.text).toBe(200);
      await app.setServerTime(vnTime(today, '01:05'));
      const end = await teacher.client.post(`/api/schedules/${started.schedule_id}/end`);
      expect(end.status, end.text).toBe(200);
      // Late in the day: every lesson is over.
      await app.setServerTime(vnTime(today, '23:00'));

      await signIn(page, teacher, '/');
      await openFromMenu(page, 'Lương của tôi');
      await expect(page).toHaveURL(/\/my-pay$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Lương của tôi' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Tháng' })).toHaveValue(
        `${today.slice(5, 7)}/${today.slice(0, 4)}`,
      );
      const rows = page.locator('tbody tr');
      await expect(rows).toHaveCount(2);
      const shownDay = today.split('-').reverse().join('/');
      await expect(rows.nth(0).locator('td')).toHaveText([
        shownDay,
        `${className}Unit 1`,
        '00:20–01:05 (45 phút)',
        '200.000 ₫/giờ',
        '150.000 ₫',
        '–',
      ]);
      await expect(rows.nth(1).locator('td')).toHaveText([
        shownDay,
        `${className}Unit 2`,
        '01:30–03:00 (90 phút)theo lịch',
        '200.000 ₫/giờ',
        '300.000 ₫',
        '–',
      ]);
      await expect(page.getByText('Nháp', { exact: true })).toBeVisible();
      await expect(page.getByText('Tổng cộng: 450.000 ₫')).toBeVisible();
      // Read-only: nothing to adjust or approve.
      await expect(page.getByRole('button', { name: 'Điều chỉnh' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Duyệt bảng lương' })).toHaveCount(0);
      // The page fits the phone: no sideways scrolling of the page itself.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
