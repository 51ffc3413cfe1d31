import { expect, test } from './fixtures.ts';
import { addDays, apiClass, apiLesson, vnDate, vnTime } from './school-helpers.ts';

test('the Schedules page: tabs with counts, and a dropdown instead at a narrow width', async ({
  page,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  const teacher = await app.account('teacher');
  const today = vnDate(Date.now());
  const classId = await apiClass(admin, teacher.user.user_id, 'Tabs class');
  const ids: string[] = [];
  for (let i = 0; i < 4; i++)
    ids.push(
      await apiLesson(admin, classId, `Tab lesson ${i}`, vnTime(addDays(today, i + 1), '09:00')),
    );
  app.sql("update schedules set status = 'active' where schedule_id = ?", ids[0]!);
  app.sql("update schedules set status = 'completed' where schedule_id = ?", ids[1]!);

  await signIn(page, teacher);
  await page.goto('/schedules');
  await expect(page.getByRole('tab', { name: 'Tất cả (4)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Chưa bắt đầu (2)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Đang diễn ra (1)' }).click();
  await expect(page.getByTestId('schedule-card')).toHaveText([/Tab lesson 0/]);
  await expect(page.getByTestId('schedule-card')).toContainText('Đang diễn ra');
  await page.getByRole('tab', { name: 'Đã kết thúc (1)' }).click();
  await expect(page.getByTestId('schedule-card')).toHaveText([/Tab lesson 1/]);
  // Newest first, with n/total.
  await page.getByRole('tab', { name: 'Tất cả (4)' }).click();
  await expect(page.getByTestId('schedule-card').first()).toContainText('Tab lesson 3');
  await expect(page.getByTestId('schedule-card').first()).toContainText('Buổi 4/4');

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
  await signIn(page, await app.account('student'));
  await page.goto('/schedules');
  await expect(page.getByRole('alert')).toContainText('Truy cập bị từ chối');
});
