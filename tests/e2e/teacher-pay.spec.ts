// Teachers' pay (issue 28 point 3), on a desktop and on a phone: the admin set the teacher's rate
// (per hour) through the API, and two lessons of the teacher's class were held today, on the
// server's clock: one started and ended in the app 45 minutes apart (the provider's time), one
// never started (the schedule's time, 'theo lịch'); a third was covered by another teacher and is
// not theirs. The teacher opens 'Lương của tôi' from the menu and reads the month: each lesson, its
// time, its amount, and the total. And the admin: sets a teacher's rate from last month on in the
// rates tab, opens last month's statement, adjusts it (refused without a reason, kept with one)
// and approves it, after which it takes no more adjustments.
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
      // The third lesson is given to another teacher, as staff do.
      const given = await admin.put(`/api/schedules/${covered.schedule_id}/substitute`, {
        teacher_id: substitute.user.user_id,
      });
      expect(given.status, given.text).toBe(200);

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
      // No rate yet: the lessons count 0 and the statement says why.
      await expect(
        page.getByText(
          'Trung tâm chưa đặt mức lương cho bạn cho tháng này: các buổi dưới đây chưa được tính tiền.',
        ),
      ).toBeVisible();
      await expect(page.getByText('Tổng cộng: 0 ₫')).toBeVisible();

      // The center sets the rate: 200.000 ₫ an hour.
      const rate = await admin.put('/api/teacher-pay/rates', {
        teacher_id: teacher.user.user_id,
        kind: 'per_hour',
        amount: 200_000,
        effective_from: today.slice(0, 7),
      });
      expect(rate.status, rate.text).toBe(200);
      await page.reload();
      await expect(page.getByText('Tổng cộng: 450.000 ₫')).toBeVisible();
      await expect(page.getByText(/Trung tâm chưa đặt mức lương/)).toHaveCount(0);
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
        // Never started: counted by the schedule, with its badge.
        '01:30–03:00 (90 phút)theo lịchChưa bắt đầu',
        '200.000 ₫/giờ',
        '300.000 ₫',
        '–',
      ]);
      await expect(rows.nth(0).getByText('Chưa bắt đầu')).toHaveCount(0);
      await expect(rows.nth(1).getByText('Chưa bắt đầu', { exact: true })).toBeVisible();
      // Every line's amount ('Thành tiền') is on screen, on a phone too: no sideways scrolling.
      await expect(rows.nth(0).getByText('150.000 ₫', { exact: true })).toBeInViewport({
        ratio: 1,
      });
      await expect(page.getByText('Nháp', { exact: true })).toBeVisible();
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

/** The month before the current one ('YYYY-MM'), in the center's zone. */
function lastMonth() {
  const [year, month] = vnDate(Date.now()).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}
const shownMonth = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;

for (const width of [1366, 390]) {
  test.describe(`the admin at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test("sets a teacher's rate, reads last month's statement, adjusts it with a reason and approves it", async ({
      page,
      app,
      signIn,
    }) => {
      test.setTimeout(120_000);
      const stamp = `${width}-${Date.now() % 100000}`;
      const month = lastMonth();
      // Two lessons held last month (never started: by the schedule), made on the server's clock
      // of that month.
      await app.setServerTime(vnTime(`${month}-15`, '07:00'));
      const setup = await app.admin();
      const teacherName = `Cô Lương ${stamp}`;
      const teacher = await app.account('teacher', { full_name: teacherName });
      const { class_id: classId } = await createClass(setup, teacher.user.user_id, {
        class_name: `Lớp Duyệt ${stamp}`,
        default_venue: 'link',
        meeting_link: 'https://meet.example.com/duyet',
        start_date: `${month}-01`,
        end_date: addDays(vnDate(Date.now()), 30),
      });
      await createLesson(setup, classId, vnTime(`${month}-15`, '09:00'), 60, 'Unit 1');
      await createLesson(setup, classId, vnTime(`${month}-16`, '09:00'), 90, 'Unit 2');
      // And one held early today: this month has a draft too, while the month is not over.
      const today = vnDate(Date.now());
      await app.setServerTime(vnTime(today, '00:01'));
      await createLesson(await app.admin(), classId, vnTime(today, '00:10'), 30, 'Unit 3');
      await app.setServerTime(vnTime(today, '23:00'));

      await signIn(page, await app.account('admin'), '/');
      await openFromMenu(page, 'Lương giáo viên');
      await expect(page).toHaveURL(/\/teacher-pay$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Lương giáo viên' })).toBeVisible();

      // Last month's statement before any rate: the admin reads that it cannot be approved
      // yet, and that both lessons were never started.
      await page.getByRole('combobox', { name: 'Tháng' }).click();
      await page.getByRole('option', { name: shownMonth(month), exact: true }).click();
      await expect(page.getByRole('button', { name: 'Duyệt tất cả' })).toBeEnabled();
      await page.getByRole('button', { name: `Xem bảng lương của ${teacherName}` }).click();
      const unpaid = page.getByRole('dialog', {
        name: `Bảng lương tháng ${shownMonth(month)}: ${teacherName}`,
      });
      await expect(
        unpaid.getByText(
          `${teacherName} chưa có mức lương cho tháng này: các buổi chưa được tính tiền và chưa thể duyệt bảng lương cho đến khi đặt mức lương.`,
        ),
      ).toBeVisible();
      await expect(
        unpaid.getByText(
          '2 buổi chưa từng bắt đầu: kiểm tra trước khi duyệt; điều chỉnh nếu buổi học không diễn ra.',
        ),
      ).toBeVisible();
      await expect(unpaid.getByText('Chưa bắt đầu', { exact: true })).toHaveCount(2);
      await page.keyboard.press('Escape');
      await expect(unpaid).toHaveCount(0);
      // This month is not over: 'Duyệt tất cả' waits, saying why (when there is a draft to approve).
      await page.getByRole('combobox', { name: 'Tháng' }).click();
      await page.getByRole('option', { name: shownMonth(today.slice(0, 7)), exact: true }).click();
      const approveAll = page.getByRole('button', { name: 'Duyệt tất cả' });
      await expect(approveAll).toBeDisabled();
      await expect(approveAll).toHaveAccessibleDescription(
        `Tháng ${shownMonth(today.slice(0, 7))} chưa kết thúc: chỉ duyệt bảng lương khi hết tháng.`,
      );

      // The rate: 300.000 ₫ a lesson from last month on.
      await page.getByRole('tab', { name: 'Mức lương' }).click();
      await page.getByRole('button', { name: 'Đặt mức lương' }).click();
      const rateDialog = page.getByRole('dialog', { name: 'Đặt mức lương' });
      await rateDialog.getByRole('combobox', { name: 'Giáo viên' }).fill(teacherName);
      await page.getByRole('option', { name: teacherName }).click();
      await rateDialog.getByRole('textbox', { name: 'Số tiền' }).fill('300000');
      await rateDialog.getByRole('combobox', { name: 'Áp dụng từ tháng' }).click();
      await page.getByRole('option', { name: shownMonth(month), exact: true }).click();
      await rateDialog.getByRole('button', { name: 'Đặt mức lương' }).click();
      await expect(rateDialog).toHaveCount(0);
      const rateRow = page
        .getByRole('table', { name: 'Mức lương' })
        .getByRole('row')
        .filter({ hasText: teacherName });
      await expect(rateRow).toContainText('300.000 ₫/buổi');
      await expect(rateRow).toContainText('Mọi lớp');

      // Last month's statements: the teacher's draft, 2 lessons, 600.000 ₫.
      await page.getByRole('tab', { name: 'Bảng lương' }).click();
      await page.getByRole('combobox', { name: 'Tháng' }).click();
      await page.getByRole('option', { name: shownMonth(month), exact: true }).click();
      const row = page
        .getByRole('table', { name: 'Bảng lương' })
        .getByRole('row')
        .filter({ hasText: teacherName });
      await expect(row).toContainText('600.000 ₫');
      await expect(row).toContainText('Nháp');
      await row.getByRole('button', { name: `Xem bảng lương của ${teacherName}` }).click();
      const statement = page.getByRole('dialog', {
        name: `Bảng lương tháng ${shownMonth(month)}: ${teacherName}`,
      });
      await expect(statement.locator('tbody tr')).toHaveCount(2);
      await expect(statement.locator('tbody tr').nth(1)).toContainText('theo lịch');

      // An adjustment needs its reason; with one, it is kept and the total follows.
      await statement.getByRole('button', { name: 'Điều chỉnh' }).click();
      const adjust = page.getByRole('dialog', { name: 'Điều chỉnh bảng lương' });
      await adjust.getByRole('textbox', { name: 'Số tiền (âm để trừ)' }).fill('-50000');
      await adjust.getByRole('button', { name: 'Điều chỉnh' }).click();
      await expect(adjust.getByText('Vui lòng nhập lý do điều chỉnh.')).toBeVisible();
      await adjust.getByRole('textbox', { name: 'Lý do' }).fill('Đi muộn 15 phút');
      await adjust.getByRole('button', { name: 'Điều chỉnh' }).click();
      await expect(adjust).toHaveCount(0);
      await expect(statement.getByText(/Đi muộn 15 phút/)).toBeVisible();
      await expect(statement.getByText('Tổng cộng: 550.000 ₫')).toBeVisible();

      // Approved: frozen, nothing more to adjust.
      await statement.getByRole('button', { name: 'Duyệt bảng lương' }).click();
      await page.getByRole('button', { name: 'Xác nhận' }).click();
      await expect(statement.getByText('Đã duyệt', { exact: true })).toBeVisible();
      await expect(statement.getByRole('button', { name: 'Điều chỉnh' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(row).toContainText('Đã duyệt');
      await expect(row).toContainText('550.000 ₫');

      // The rate is deleted; its dialog says 'Xoá' in its title and on its button alike.
      await page.getByRole('tab', { name: 'Mức lương' }).click();
      await rateRow.getByRole('button', { name: 'Xoá mức lương' }).click();
      const deletion = page.getByRole('dialog', { name: 'Xoá mức lương' });
      await deletion.getByRole('button', { name: 'Xoá', exact: true }).click();
      await expect(deletion).toHaveCount(0);
      await expect(rateRow).toHaveCount(0);
    });
  });
}
