// Attendance that is fair, on a desktop and a phone: staff read a class's grid where a student who
// enrolled late is 'Chưa vào lớp' for the lesson before and one who was removed stays, marked
// 'Đã rời lớp'; staff open a student's attendance across their classes from the student's details;
// the student who left reads their own on their page.
import { addDays, createLesson, enrol, vnDate, vnTime } from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { classWithHeldLesson } from './held-lesson.ts';
import { openClass } from './pages/classes.ts';

for (const width of [1366, 390]) {
  test(`at ${width} px: staff read the grid and a student's details, a student who left reads their own page`, async ({
    page,
    app,
    signIn,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = await app.admin();
    const stamp = `${width}-${Date.now() % 100000}`;
    const teacher = await app.account('teacher');
    const staff = await app.account('staff');
    const an = await app.account('student', { full_name: `An ${stamp}` });
    const chi = await app.account('student', { full_name: `Chi ${stamp}` });
    const dung = await app.account('student', { full_name: `Dũng ${stamp}` });
    const today = vnDate(Date.now());
    const className = `Fair ${stamp}`;
    // Unit 1 was held yesterday, An and Dũng enrolled the week before; An came to all of it.
    const { classId } = await classWithHeldLesson(app, admin, {
      className,
      teacherId: teacher.user.user_id,
      studentIds: [an.user.user_id, dung.user.user_id],
      presentIds: [an.user.user_id],
    });
    await createLesson(admin, classId, vnTime(addDays(today, 3), '09:00'), 60, 'Unit 2');
    // Today Chi joins the class and Dũng leaves it.
    await enrol(admin, classId, [chi.user.user_id]);
    expect(
      (await admin.delete(`/api/classes/${classId}/students/${dung.user.user_id}`)).status,
    ).toBe(200);

    await signIn(page, staff, '/classes');
    const details = await openClass(page, className, 'Điểm danh');
    const grid = details.getByRole('table', { name: 'Bảng điểm danh của lớp' });
    await expect(grid.getByTestId('attendance-grid-row')).toHaveText([
      new RegExp(`An ${stamp}.*Có mặt.*100%`),
      new RegExp(`Chi ${stamp}.*Chưa vào lớp.*—`),
      new RegExp(`Dũng ${stamp}.*Đã rời lớp.*Vắng.*Đã rời lớp.*0%`),
    ]);
    await page.keyboard.press('Escape');

    // Staff open Dũng's details from the students list.
    await page.goto('/students');
    await page.getByRole('row', { name: new RegExp(`Dũng ${stamp}`) }).click();
    const detail = page.getByRole('dialog', { name: 'Thông tin tài khoản' });
    await expect(detail.getByRole('heading', { name: 'Điểm danh ở các lớp' })).toBeVisible();
    await expect(detail.getByTestId('student-attendance-rate')).toHaveText(
      'Tỉ lệ có mặt chung: 0%',
    );
    const record = detail.getByTestId('student-attendance-class');
    await expect(record).toContainText(className);
    await expect(record).toContainText('Đã rời lớp ngày');
    await expect(record.getByRole('row')).toHaveText([/Unit 1.*Vắng/]);
    const box = await detail.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(width);

    // Dũng, on his own page from the menu.
    await page.context().clearCookies();
    await signIn(page, dung);
    if (width < 968) await page.getByRole('button', { name: 'Mở menu', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Menu chính' })
      .getByRole('link', { name: 'Điểm danh của tôi' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Điểm danh của tôi' })).toBeVisible();
    const own = page.getByTestId('student-attendance-class');
    await expect(own).toContainText(className);
    await expect(own).toContainText('Đã rời lớp ngày');
    await expect(own.getByRole('row')).toHaveText([/Unit 1.*Vắng/]);
    // Chi's rate counts only the lessons since she enrolled: none held yet.
    await page.context().clearCookies();
    await signIn(page, chi, '/attendance');
    await expect(page.getByTestId('student-attendance-rate')).toHaveText('Tỉ lệ có mặt chung: —');
    await expect(page.getByTestId('student-attendance-class').getByRole('row')).toHaveText([
      /Unit 2.*Chưa diễn ra/,
    ]);
  });
}
