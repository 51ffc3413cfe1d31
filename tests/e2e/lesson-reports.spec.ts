// Lesson reports and homework (issue 29 point 2, docs/decisions/037-lesson-reports.md): a teacher
// opens a held lesson in the class's Lịch Học tab, writes what it covered, the homework and a note
// for one student, and saves; the student, on a phone, is told and reads it with their own note
// only; the admin's list of held lessons without a report no longer has it.
import { expect, test } from './fixtures.ts';
import { classWithHeldLesson } from './held-lesson.ts';
import { openClass } from './pages/classes.ts';

test("a teacher writes a held lesson's report; the student reads it on a phone; it leaves the admin's missing list", async ({
  page,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  const stamp = `${Date.now() % 100000}`;
  const teacher = await app.account('teacher', { full_name: `Cô Hạnh ${stamp}` });
  const an = await app.account('student', { full_name: `An ${stamp}` });
  const binh = await app.account('student', { full_name: `Bình ${stamp}` });
  const className = `Nhận xét ${stamp}`;
  await classWithHeldLesson(app, admin, {
    className,
    teacherId: teacher.user.user_id,
    studentIds: [an.user.user_id, binh.user.user_id],
    presentIds: [an.user.user_id, binh.user.user_id],
  });
  const missingCard = (where: typeof page) =>
    where.getByTestId('lesson-report-item').filter({ hasText: `${className}: Unit 1` });

  // The admin sees the held lesson among those still without a report.
  await signIn(
    page,
    { email: 'admin@e2e.test', password: 'admin-e2e-password' },
    '/lesson-reports',
  );
  await expect(page.getByRole('heading', { name: 'Nhận xét buổi học' })).toBeVisible();
  await expect(missingCard(page)).toContainText('Chưa có nhận xét');
  await page.context().clearCookies();

  // The teacher writes it from the class's lessons.
  await signIn(page, teacher, '/classes');
  const details = await openClass(page, className, 'Lịch Học');
  await details.getByRole('button', { name: 'Nhận xét buổi học Unit 1' }).click();
  const report = page.getByRole('dialog', { name: 'Nhận xét buổi học' });
  await expect(report).toContainText('Buổi học này chưa có nhận xét.');
  await report.getByRole('button', { name: 'Viết nhận xét' }).click();
  await report
    .getByRole('textbox', { name: 'Nội dung buổi học' })
    .fill('Thì hiện tại hoàn thành, trang 10-12');
  await report.getByRole('textbox', { name: 'Bài tập về nhà' }).fill('Sách bài tập trang 13');
  await report
    .getByRole('textbox', { name: `Nhận xét cho An ${stamp}` })
    .fill('An phát âm tốt, cần luyện thêm đuôi -ed');
  await report
    .getByRole('textbox', { name: `Nhận xét cho Bình ${stamp}` })
    .fill('Bình cần làm bài đầy đủ');
  await report.getByRole('button', { name: 'Lưu nhận xét' }).click();
  await expect(page.getByText('Đã lưu nhận xét buổi học.')).toBeVisible();
  await expect(report.getByTestId('report-covered')).toHaveText(
    'Thì hiện tại hoàn thành, trang 10-12',
  );
  await expect(report).toContainText('An phát âm tốt, cần luyện thêm đuôi -ed');
  await expect(report.getByRole('button', { name: 'Sửa nhận xét' })).toBeVisible();
  await page.context().clearCookies();

  // The student, on a phone: told on the bell, reads the report and their own note.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, an);
  // Two unread: the class they were added to, and the report.
  await page.getByRole('button', { name: 'Thông báo (2 thông báo chưa đọc)' }).click();
  const notice = page
    .getByRole('region', { name: 'Thông báo' })
    .getByTestId('notification-item')
    .filter({ hasText: 'Có nhận xét buổi học mới' });
  await expect(notice).toContainText(`${className}: Unit 1`);
  await notice.getByRole('link', { name: 'Xem nhận xét' }).click();
  await expect(page).toHaveURL(/\/lesson-reports$/);
  const card = missingCard(page);
  await expect(card.getByTestId('report-covered')).toHaveText(
    'Thì hiện tại hoàn thành, trang 10-12',
  );
  await expect(card.getByTestId('report-homework')).toHaveText('Sách bài tập trang 13');
  await expect(card).toContainText('Nhận xét cho bạn: An phát âm tốt, cần luyện thêm đuôi -ed');
  await expect(page.getByText('Bình cần làm bài đầy đủ')).toHaveCount(0);
  // Nothing of the page is wider than the phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.context().clearCookies();

  // The lesson has left the admin's list of missing reports; it is among the written ones.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(
    page,
    { email: 'admin@e2e.test', password: 'admin-e2e-password' },
    '/lesson-reports',
  );
  await expect(page.getByRole('heading', { name: 'Nhận xét buổi học' })).toBeVisible();
  await expect(missingCard(page)).toHaveCount(0);
  await page.getByText('Đã có nhận xét', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Đã có nhận xét' })).toBeChecked();
  await expect(missingCard(page)).toContainText('Đã có nhận xét');
});
