// Attendance by hand, on a desktop and a phone (docs/decisions/021): the teacher opens yesterday's
// lesson, held in a room and never started on Zoom, from the class's lessons, marks everyone
// present at once, then Bình late (the first try fails on the network and is kept until sent
// again) and Chi excused; the class's grid shows the marks; Chi reads hers on her own page and
// cannot mark anything.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays, createClass, createLesson, enrol, vnDate, vnTime } from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { classDialog, openClass } from './pages/classes.ts';
import { expectToast } from './pages/dialogs.ts';

/** Axe's serious and critical findings on the page as it is (the marking view open). */
const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);

/** A row of the marking view, by the student's name. */
const row = (scope: ReturnType<Page['getByRole']>, name: string) =>
  scope.getByTestId('marking-row').filter({ hasText: name });

for (const width of [1366, 390]) {
  test(`at ${width} px: a teacher marks a lesson that never ran on Zoom, and a student reads her marks`, async ({
    page,
    app,
    signIn,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = await app.admin();
    const stamp = `${width}-${Date.now() % 100000}`;
    const teacher = await app.account('teacher', { full_name: `Cô Hạnh ${stamp}` });
    const [an, binh, chi] = await Promise.all(
      ['An', 'Bình', 'Chi'].map((name) =>
        app.account('student', { full_name: `${name} ${stamp}` }),
      ),
    );
    const today = vnDate(Date.now());
    const className = `Phòng ${stamp}`;
    const { class_id: classId } = await createClass(admin, teacher.user.user_id, {
      class_name: className,
      start_date: addDays(today, -7),
      end_date: addDays(today, 30),
    });
    await enrol(
      admin,
      classId,
      [an!, binh!, chi!].map((s) => s.user.user_id),
    );
    const { schedule_id: lessonId } = await createLesson(
      admin,
      classId,
      vnTime(addDays(today, 2), '09:00'),
      60,
      'Bài 1',
    );
    // Yesterday 09:00–10:00, never started (as a lesson held in a room); enrolled the week before.
    app.sql(
      'update class_students set enrolled_at = ? where class_id = ?',
      vnTime(addDays(today, -7), '08:00'),
      classId,
    );
    app.sql(
      'update schedules set start_time = ?, end_time = ? where schedule_id = ?',
      vnTime(addDays(today, -1), '09:00'),
      vnTime(addDays(today, -1), '10:00'),
      lessonId,
    );

    await signIn(page, teacher, '/classes');
    const details = await openClass(page, className, 'Lịch Học');
    await details.getByRole('button', { name: 'Điểm danh buổi Bài 1' }).click();
    const marking = page.getByRole('dialog', { name: 'Điểm danh: Bài 1' });
    await expect(marking.getByTestId('unmarked-count')).toHaveText('3 học viên chưa điểm danh');
    await marking.getByRole('button', { name: 'Tất cả có mặt' }).click();
    await expectToast(page, 'Đã điểm danh có mặt cho 3 học viên.');
    await expect(marking.getByTestId('unmarked-count')).toHaveText(
      'Mọi học viên đã có trạng thái.',
    );
    for (const name of ['An', 'Bình', 'Chi']) {
      const student = row(marking, `${name} ${stamp}`);
      await expect(student.getByRole('radio', { name: 'Có mặt' })).toBeChecked();
      await expect(student).toContainText(`Điểm danh tay · Cô Hạnh ${stamp}`);
    }

    // Bình was late: the first save fails on the network; the choice stays until it is sent.
    const binhRow = row(marking, `Bình ${stamp}`);
    const binhMark = `**/api/schedules/${lessonId}/attendance/${binh!.user.user_id}`;
    await page.route(binhMark, (route) => route.abort());
    await binhRow.getByText('Muộn', { exact: true }).click();
    await expect(binhRow.getByText(/Chưa lưu được/)).toBeVisible();
    await expect(binhRow.getByRole('radio', { name: 'Muộn' })).toBeChecked();
    await page.unroute(binhMark);
    await binhRow.getByRole('button', { name: 'Thử lại' }).click();
    await expect(binhRow.getByText('Đã lưu')).toBeVisible();
    await expect(binhRow.getByRole('radio', { name: 'Muộn' })).toBeChecked();

    // Chi sent word she could not come.
    const chiRow = row(marking, `Chi ${stamp}`);
    await chiRow.getByText('Có phép', { exact: true }).click();
    await expect(chiRow.getByText('Đã lưu')).toBeVisible();
    await expect(chiRow.getByRole('radio', { name: 'Có phép' })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);

    await marking.getByRole('button', { name: 'Thoát hộp thoại' }).click();
    await classDialog(page).getByRole('tab', { name: 'Điểm danh' }).click();
    const grid = classDialog(page).getByRole('table', { name: 'Bảng điểm danh của lớp' });
    await expect(grid.getByTestId('attendance-grid-row')).toHaveText([
      new RegExp(`An ${stamp}.*Có mặt.*100%`),
      new RegExp(`Bình ${stamp}.*Đi muộn.*100%`),
      new RegExp(`Chi ${stamp}.*Vắng có phép.*—`),
    ]);

    // Chi reads her marks on her own page, and has nothing to mark with.
    await page.context().clearCookies();
    await signIn(page, chi!, '/attendance');
    await expect(page.getByTestId('student-attendance-rate')).toHaveText('Tỉ lệ có mặt chung: —');
    await expect(page.getByTestId('student-attendance-class').getByRole('row')).toHaveText([
      /Bài 1.*Vắng có phép.*Điểm danh tay/,
    ]);
    await page.goto('/classes');
    const own = await openClass(page, className, 'Lịch Học');
    await expect(own.getByTestId('lesson-item')).toContainText('Bài 1');
    await expect(own.getByRole('button', { name: 'Điểm danh buổi Bài 1' })).toHaveCount(0);
  });
}
