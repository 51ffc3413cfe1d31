import {
  addDays,
  createLesson,
  minutesFromNow,
  runningFromToday,
  teacherWithClass,
  vnTime,
} from '../helpers/school.ts';
import { ADMIN, expect, signInAt, test } from './fixtures.ts';
import { openClass } from './pages/classes.ts';
import { expectToast } from './pages/dialogs.ts';

test('the Schedules page: tabs with counts, and a dropdown instead at a narrow width', async ({
  page,
  app,
  signIn,
}) => {
  // A Monday of its own: the page opens on this week, and the four lessons are in it.
  // Added now, shown then (the clocks move on once the lessons are in).
  const monday = '2032-06-07';
  const { admin, teacher, classId } = await teacherWithClass(app, {
    class_name: 'Tabs class',
    start_date: monday,
    end_date: addDays(monday, 30),
  });
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const start = vnTime(addDays(monday, i + 1), '09:00');
    ids.push((await createLesson(admin, classId, start, 60, `Tab lesson ${i}`)).schedule_id);
  }
  // Next week's lesson is not this week's.
  await createLesson(admin, classId, vnTime(addDays(monday, 7), '09:00'), 60, 'Next week lesson');
  app.sql("update schedules set status = 'active' where schedule_id = ?", ids[0]!);
  app.sql("update schedules set status = 'completed' where schedule_id = ?", ids[1]!);
  await app.setServerTime(vnTime(monday, '07:00'));
  await page.clock.setFixedTime(new Date(vnTime(monday, '07:00')));

  await signIn(page, teacher, '/schedules');
  await expect(page.getByRole('tab', { name: 'Tất cả (4)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Chưa bắt đầu (2)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Đang diễn ra (1)' }).click();
  await expect(page.getByTestId('schedule-card')).toHaveText([/Tab lesson 0/]);
  await expect(page.getByTestId('schedule-card')).toContainText('Đang diễn ra');
  await page.getByRole('tab', { name: 'Đã kết thúc (1)' }).click();
  await expect(page.getByTestId('schedule-card')).toHaveText([/Tab lesson 1/]);
  // This week's, in time order, with n/total.
  await page.getByRole('tab', { name: 'Tất cả (4)' }).click();
  await expect(page.getByTestId('schedule-card')).toHaveCount(4);
  await expect(page.getByTestId('schedule-card').first()).toContainText('Tab lesson 0');
  await expect(page.getByTestId('schedule-card').first()).toContainText('Buổi 1/5');
  await expect(page.getByTestId('schedule-card').last()).toContainText('Buổi 4/5');

  await page.setViewportSize({ width: 600, height: 800 });
  await expect(page.getByRole('tab', { name: 'Tất cả (4)' })).toBeHidden();
  const dropdown = page.getByRole('combobox', { name: 'Lọc theo trạng thái' });
  await expect(dropdown).toBeVisible();
  await dropdown.click();
  await page.getByRole('option', { name: 'Đã kết thúc (1)' }).click();
  await expect(page.getByTestId('schedule-card')).toHaveText([/Tab lesson 1/]);
  // Content is 568 px wide here: the session index (hidden at 750) is gone, the rest stays.
  const card = page.getByTestId('schedule-card');
  await expect(card.getByText(/Buổi \d+\/\d+/)).toBeHidden();
  await expect(card.getByText(/học viên/)).toBeVisible();
  // 508 px: the student count (550) and the teacher's name (520) hide too.
  await page.setViewportSize({ width: 540, height: 800 });
  await expect(card.getByText(/học viên/)).toBeHidden();
  await expect(card.getByText(teacher.user.full_name)).toBeHidden();
  await expect(card.getByText('Tab lesson 1')).toBeVisible();
});

test('students may not open the Schedules page', async ({ page, app, signIn }) => {
  await signIn(page, await app.account('student'), '/schedules');
  await expect(page.getByRole('alert')).toContainText('Truy cập bị từ chối');
});

test("a teacher edits a lesson's topic in the class dialog; another open tab sees it live", async ({
  page,
  browser,
  app,
  signIn,
}) => {
  const className = `Topic class ${Date.now()}`;
  const { admin, teacher, classId } = await teacherWithClass(app, {
    class_name: className,
    ...runningFromToday(),
  });
  await createLesson(admin, classId, minutesFromNow(24 * 60), 60, 'Old topic');
  /**
   * Opens the class's dialog on its Lịch Học tab. The dashboard names the same class: the class
   * list's heading must be there first, or the click lands on the page being left.
   */
  const openLessons = async (where: typeof page) => {
    await expect(where.getByRole('heading', { level: 1, name: /Classes/ })).toBeVisible();
    await openClass(where, new RegExp(`^${className}$`), 'Lịch Học');
  };
  await signIn(page, teacher);
  await page.getByRole('link', { name: 'My Classes' }).click();
  await openLessons(page);

  const other = await browser.newContext();
  const adminPage = await other.newPage();
  await signInAt(adminPage, app.baseUrl, ADMIN);
  await adminPage.getByRole('link', { name: 'Classes' }).click();
  await openLessons(adminPage);
  await expect(adminPage.getByTestId('lesson-item')).toContainText('Old topic');

  await page.getByRole('button', { name: 'Sửa chủ đề Old topic' }).click();
  const topic = page.getByTestId('lesson-item').getByRole('textbox', { name: 'Chủ đề' });
  await topic.fill('');
  await page.getByTestId('lesson-item').getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByTestId('lesson-item')).toContainText('Vui lòng nhập chủ đề buổi học');
  await topic.fill('Speaking: travel');
  await page.getByTestId('lesson-item').getByRole('button', { name: 'Lưu' }).click();
  await expectToast(page, 'Đã cập nhật chủ đề buổi học.');
  await expect(page.getByTestId('lesson-item')).toContainText('Speaking: travel');
  await expect(adminPage.getByTestId('lesson-item')).toContainText('Speaking: travel');
  await other.close();
});
