// The sidebar's notifications button: a reminder appears live with the unread count, the user
// opts in to system notifications from the popover and gets one for the next reminder, and mark
// all read clears the count.

import {
  createLesson,
  enrol,
  minutesFromNow,
  runningFromToday,
  teacherWithClass,
} from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';

test('a reminder appears live on the bell, as a system notification once allowed, and is marked read', async ({
  page,
  app,
  signIn,
}) => {
  // The browser's Notification API, recorded: headless Chromium shows no system notifications.
  await page.addInitScript(() => {
    const shown: string[] = [];
    let permission: NotificationPermission = 'default';
    class RecordedNotification {
      static get permission() {
        return permission;
      }
      static async requestPermission() {
        permission = 'granted';
        return permission;
      }
      constructor(title: string, options?: NotificationOptions) {
        shown.push(`${title}: ${options?.body ?? ''}`);
      }
    }
    Object.assign(window, { Notification: RecordedNotification, shownNotifications: shown });
  });
  const student = await app.account('student');
  const stamp = Date.now() % 100000;
  const { admin, classId } = await teacherWithClass(app, {
    class_name: `Bell ${stamp}`,
    ...runningFromToday(),
  });
  await enrol(admin, classId, [student.user.user_id]);

  await signIn(page, student);
  const bell = page.getByRole('button', { name: 'Thông báo (1 thông báo chưa đọc)' });
  await expect(bell).toBeVisible();
  await bell.click();
  const popover = page.getByRole('region', { name: 'Thông báo' });
  await expect(popover.getByTestId('notification-item')).toHaveText([
    new RegExp(`Bạn đã được thêm vào lớp học.*Lớp Bell ${stamp}`),
  ]);
  await popover.getByRole('button', { name: 'Bật thông báo trên máy' }).click();
  await expect(popover.getByRole('button', { name: 'Bật thông báo trên máy' })).toHaveCount(0);

  // A lesson ten minutes from now: its reminder arrives without a reload.
  await createLesson(admin, classId, minutesFromNow(10), 60, `Speaking ${stamp}`);
  await expect(
    page.getByRole('button', { name: 'Thông báo (2 thông báo chưa đọc)' }),
  ).toBeVisible();
  await expect(popover.getByTestId('notification-item').first()).toContainText('Sắp đến giờ học');
  await expect(popover.getByTestId('notification-item').first()).toContainText(
    `Bell ${stamp}: Speaking ${stamp} bắt đầu lúc`,
  );
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
      ),
    )
    .toEqual([
      expect.stringMatching(new RegExp(`^Sắp đến giờ học: Bell ${stamp}: Speaking ${stamp}`)),
    ]);

  await popover.getByRole('button', { name: 'Đánh dấu tất cả đã đọc' }).click();
  await expect(page.getByRole('button', { name: 'Thông báo', exact: true })).toBeVisible();
  await expect(popover.locator('[data-unread]')).toHaveCount(0);
});
