// The class dialog's Điểm danh tab: the teacher sees the grid from Zoom's joins and leaves,
// marks a status by hand over Zoom's report (shown as by hand), downloads the CSV; a student sees
// their own.
import fs from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { classWithHeldLesson } from './held-lesson.ts';
import { classDialog, openClass } from './pages/classes.ts';

test('a teacher reads the attendance grid, marks a status by hand and downloads the CSV; a student sees their own', async ({
  page,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  const stamp = Date.now() % 100000;
  const teacher = await app.account('teacher', { full_name: `Cô Điểm ${stamp}` });
  const an = await app.account('student', { full_name: `An ${stamp}` });
  const binh = await app.account('student', { full_name: `Bình ${stamp}` });
  // Yesterday's lesson, held: An was there from the start to the end, Bình never came.
  await classWithHeldLesson(app, admin, {
    className: `Attendance ${stamp}`,
    teacherId: teacher.user.user_id,
    studentIds: [an.user.user_id, binh.user.user_id],
    presentIds: [an.user.user_id],
  });

  await signIn(page, teacher, '/classes');
  const details = await openClass(page, `Attendance ${stamp}`, 'Điểm danh');
  const grid = details.getByRole('table', { name: 'Bảng điểm danh của lớp' });
  await expect(grid.getByTestId('attendance-grid-row')).toHaveText([
    new RegExp(`An ${stamp}.*Có mặt.*100%`),
    new RegExp(`Bình ${stamp}.*Vắng.*0%`),
  ]);

  await details.getByRole('combobox', { name: 'Buổi học' }).click();
  await page.getByRole('option', { name: /Unit 1/ }).click();
  const rows = details.getByTestId('marking-row');
  await expect(rows.first()).toContainText('Theo Zoom: Có mặt · 60 phút');
  const binhRow = rows.filter({ hasText: `Bình ${stamp}` });
  await expect(binhRow).toContainText('Theo Zoom: Vắng · 0 phút');
  await expect(binhRow.getByRole('radio', { name: 'Vắng', exact: true })).toBeChecked();
  await binhRow.getByText('Muộn', { exact: true }).click();
  await expect(binhRow.getByText('Đã lưu')).toBeVisible();
  await expect(binhRow.getByRole('radio', { name: 'Muộn' })).toBeChecked();
  await expect(binhRow).toContainText(`Điểm danh tay · Cô Điểm ${stamp}`);
  await expect(grid.getByTestId('attendance-grid-row').nth(1)).toContainText('Đi muộn');

  const downloading = page.waitForEvent('download');
  await details.getByRole('link', { name: 'Xuất CSV' }).click();
  const file = await (await downloading).path();
  const bytes = await fs.readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // Every field quoted (issue 30 finding 1: no cell a spreadsheet would run).
  expect(bytes.toString('utf8')).toContain(`"Bình ${stamp}","Đi muộn","100%"`);

  // The student, in their own class dialog, sees their own line only.
  await page.context().clearCookies();
  await signIn(page, an, '/classes');
  await page
    .getByRole('button', { name: new RegExp(`Attendance ${stamp}`) })
    .first()
    .click();
  await classDialog(page).getByRole('tab', { name: 'Điểm danh' }).click();
  await expect(classDialog(page).getByText('Điểm danh của bạn: 100%')).toBeVisible();
  await expect(classDialog(page).getByTestId('my-attendance-row')).toHaveText([
    /Unit 1.*Có mặt.*60 phút/,
  ]);
});
