// A substitute covers a lesson (issue 28 point 1, docs/decisions/031), on a desktop and a phone:
// staff give a lesson starting in a few minutes, held in a room, to another teacher from the
// class's lessons; the class's own teacher sees "Dạy thay: <name>" on the dashboard and no start
// button; the substitute starts it from their dashboard and marks its student from the Schedules
// page.
import type { Browser } from '@playwright/test';
import {
  createClass,
  createLesson,
  enrol,
  minutesFromNow,
  runningFromToday,
} from '../helpers/school.ts';
import { type AppServer, expect, signInAt, test } from './fixtures.ts';
import { openClass } from './pages/classes.ts';
import { expectToast } from './pages/dialogs.ts';

/** Someone signed in in a browser of their own at the same width. */
async function ownPage(
  browser: Browser,
  app: AppServer,
  width: number,
  who: Parameters<typeof signInAt>[2],
) {
  const context = await browser.newContext({
    viewport: { width, height: 860 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  const page = await context.newPage();
  await signInAt(page, app.baseUrl, who);
  return page;
}

for (const width of [1366, 390]) {
  test(`at ${width} px: staff give a lesson to a substitute, who starts it and marks attendance; the class's teacher sees who covers it`, async ({
    page,
    app,
    signIn,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 860 });
    const stamp = `${width}-${Date.now() % 100000}`;
    const admin = await app.admin();
    const teacher = await app.account('teacher', { full_name: `Cô Lan ${stamp}` });
    const substitute = await app.account('teacher', { full_name: `Thầy Minh ${stamp}` });
    const student = await app.account('student', { full_name: `Bình ${stamp}` });
    // Zoom is not connected on this server: the class is held in a room.
    const room = (await admin.post('/api/rooms', { name: `Phòng ${stamp}` })).body;
    const className = `Lớp Dạy Thay ${stamp}`;
    const { class_id: classId } = await createClass(admin, teacher.user.user_id, {
      class_name: className,
      ...runningFromToday(),
      default_venue: 'room',
      default_room_id: room.room_id,
    });
    await enrol(admin, classId, [student.user.user_id]);
    const topic = `Bài dạy thay ${stamp}`;
    await createLesson(admin, classId, minutesFromNow(5), 60, topic);

    // Staff give it to Thầy Minh from the class's lessons.
    await signIn(page, await app.account('staff'), '/classes');
    const details = await openClass(page, className, 'Lịch Học');
    await details.getByRole('button', { name: `Dời hoặc huỷ buổi học ${topic}` }).click();
    await page.getByRole('menuitem', { name: 'Giao dạy thay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Giao dạy thay' });
    await expect(dialog).toContainText(`Giáo viên của lớp: Cô Lan ${stamp}`);
    // Choosing nobody is refused in place.
    await dialog.getByRole('button', { name: 'Giao dạy thay' }).click();
    await expect(dialog.getByText('Vui lòng chọn giáo viên dạy thay.')).toBeVisible();
    const picker = dialog.getByRole('combobox', { name: 'Giáo viên dạy thay' });
    await picker.click();
    await picker.fill(`Minh ${stamp}`);
    await page.getByRole('option', { name: `Thầy Minh ${stamp}` }).click();
    await dialog.getByRole('button', { name: 'Giao dạy thay' }).click();
    await expectToast(page, `Đã giao buổi học cho Thầy Minh ${stamp} dạy thay.`);
    await expect(dialog).toBeHidden();
    const item = details.getByTestId('lesson-item').filter({ hasText: topic });
    await expect(item.getByTestId('lesson-substitute')).toHaveText(`Dạy thay: Thầy Minh ${stamp}`);

    // The class's teacher sees who covers it, and has nothing to start.
    const theirs = await ownPage(browser, app, width, teacher);
    const ownCard = theirs.getByTestId('dashboard-lesson').filter({ hasText: topic });
    await expect(ownCard).toContainText(`Dạy thay: Thầy Minh ${stamp}`);
    await expect(ownCard.getByRole('button', { name: 'Bắt đầu' })).toHaveCount(0);
    await theirs.context().close();

    // The substitute starts it from their dashboard.
    const sub = await ownPage(browser, app, width, substitute);
    const card = sub.getByTestId('dashboard-lesson').filter({ hasText: topic });
    await expect(card).toContainText(className);
    await card.getByRole('button', { name: 'Bắt đầu' }).click();
    await expectToast(sub, `Buổi học tại Phòng ${stamp} đã bắt đầu.`);
    await expect(card).toContainText('Đang diễn ra');

    // And marks its student from the Schedules page.
    await sub.goto(`${app.baseUrl}/schedules`);
    await sub.getByRole('button', { name: `Điểm danh buổi ${topic}` }).click();
    const marking = sub.getByRole('dialog', { name: `Điểm danh: ${topic}` });
    await marking.getByRole('button', { name: 'Tất cả có mặt' }).click();
    await expectToast(sub, 'Đã điểm danh có mặt cho 1 học viên.');
    await sub.context().close();
  });
}
