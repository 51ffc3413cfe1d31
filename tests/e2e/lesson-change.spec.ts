// One lesson moved or cancelled (docs/decisions/020), on a desktop and on a phone: staff move a
// lesson from the class's lessons and see its new time, cancel one from the Schedules page with a
// reason and see it struck through with the reason, and the class's student is told of both on
// the bell and sees the cancelled lesson struck through on the dashboard.
import type { Browser, Page } from '@playwright/test';
import {
  addDays,
  createLesson,
  enrol,
  runningFromToday,
  shown,
  teacherWithClass,
  vnDate,
  vnTime,
} from '../helpers/school.ts';
import { type AppServer, expect, signInAt, test } from './fixtures.ts';
import { openClass } from './pages/classes.ts';
import { expectToast } from './pages/dialogs.ts';

/** A class running from today with an enrolled student and a lesson tomorrow at 18:00. */
async function classWithLesson(app: AppServer, className: string, topic: string) {
  const student = await app.account('student');
  const { admin, classId } = await teacherWithClass(app, {
    class_name: className,
    ...runningFromToday(),
  });
  await enrol(admin, classId, [student.user.user_id]);
  const tomorrow = addDays(vnDate(Date.now()), 1);
  await createLesson(admin, classId, vnTime(tomorrow, '18:00'), 60, topic);
  return { student, tomorrow };
}

/** The student, signed in in a browser of their own at the same width. */
async function studentPage(
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

/** The notifications popover: on a phone the bell is in the user menu (the right drawer). */
async function openBell(page: Page) {
  // At any width the bell is in view: in the right sidebar, or in the phone's header.
  await page.getByRole('button', { name: /^Thông báo/ }).click();
  return page.getByRole('region', { name: 'Thông báo' });
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('staff moves a lesson to another day, time and length and sees its new time; the student is told', async ({
      page,
      app,
      signIn,
      browser,
    }) => {
      const className = `Lớp Dời ${width}`;
      const topic = `Unit 3 ${width}`;
      const { student, tomorrow } = await classWithLesson(app, className, topic);
      const later = addDays(tomorrow, 2);

      await signIn(page, await app.account('staff'), '/classes');
      const details = await openClass(page, className, 'Lịch Học');
      await details.getByRole('button', { name: `Dời hoặc huỷ buổi học ${topic}` }).click();
      await page.getByRole('menuitem', { name: 'Dời buổi học' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dời buổi học' });
      await expect(dialog).toContainText(`Hiện tại: 18:00–19:00 ${shown(tomorrow)}`);
      const date = dialog.getByRole('textbox', { name: 'Ngày học' });
      await date.fill(shown(later));
      await date.press('Tab');
      await dialog.getByLabel('Giờ bắt đầu').fill('19:30');
      await dialog.getByRole('textbox', { name: 'Thời lượng (phút)' }).fill('90');
      await expect(dialog.getByTestId('moved-lesson-time')).toHaveText(
        `Thời gian mới: 19:30–21:00 ${shown(later)}`,
      );
      await dialog.getByRole('button', { name: 'Dời buổi học' }).click();
      await expectToast(page, 'Đã dời buổi học.');
      await expect(dialog).toBeHidden();
      const item = details.getByTestId('lesson-item').filter({ hasText: topic });
      await expect(item).toContainText(`19:30 ${shown(later)} – 21:00 ${shown(later)}`);
      await expect(item).toContainText('Chưa bắt đầu');

      const theirs = await studentPage(browser, app, width, student);
      const bell = await openBell(theirs);
      await expect(bell.getByTestId('notification-item').first()).toContainText(
        `Buổi học được dời lịch${className}: ${topic} dời từ 18:00–19:00 ${shown(tomorrow)} sang 19:30–21:00 ${shown(later)}.`,
      );
      await theirs.context().close();
    });

    test('staff cancels a lesson with a reason and sees it struck through; the student is told and sees it too', async ({
      page,
      app,
      signIn,
      browser,
    }) => {
      const className = `Lớp Huỷ ${width}`;
      const topic = `Unit 4 ${width}`;
      const { student, tomorrow } = await classWithLesson(app, className, topic);

      await signIn(page, await app.account('staff'), '/schedules');
      await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(className);
      const card = page.getByTestId('schedule-card').filter({ hasText: topic });
      // The search has answered (only this class's lesson is left) before its menu is opened: a
      // list still changing under the menu would close it.
      await expect(page.getByTestId('schedule-card')).toHaveCount(1);
      await expect(card).toBeVisible();
      await page.getByRole('button', { name: `Dời hoặc huỷ buổi học ${topic}` }).click();
      await page.getByRole('menuitem', { name: 'Huỷ buổi học' }).click();
      const dialog = page.getByRole('dialog', { name: 'Huỷ buổi học' });
      // The reason is required.
      await dialog.getByRole('button', { name: 'Huỷ buổi học' }).click();
      await expect(dialog.getByText('Vui lòng nhập lý do huỷ buổi học.')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Lý do huỷ' }).fill('Giáo viên bị ốm');
      await dialog.getByRole('button', { name: 'Huỷ buổi học' }).click();
      await expectToast(page, 'Đã huỷ buổi học.');
      await expect(dialog).toBeHidden();
      await expect(card).toContainText('Đã huỷ');
      await expect(card.getByTestId('cancel-reason')).toHaveText('Lý do huỷ: Giáo viên bị ốm');
      await expect(card.getByText(topic)).toHaveCSS('text-decoration-line', 'line-through');
      // No more move or cancel for it; the cancelled tab counts it.
      await expect(
        page.getByRole('button', { name: `Dời hoặc huỷ buổi học ${topic}` }),
      ).toHaveCount(0);
      if (width > 650) {
        await page.getByRole('tab', { name: 'Đã huỷ (1)' }).click();
      } else {
        await page.getByRole('combobox', { name: 'Lọc theo trạng thái' }).click();
        await page.getByRole('option', { name: 'Đã huỷ (1)' }).click();
      }
      await expect(page.getByTestId('schedule-card')).toHaveCount(1);

      const theirs = await studentPage(browser, app, width, student);
      const lesson = theirs.getByTestId('dashboard-lesson').filter({ hasText: topic });
      await expect(lesson).toContainText('Đã huỷ');
      await expect(lesson.getByTestId('cancel-reason')).toHaveText('Lý do huỷ: Giáo viên bị ốm');
      await expect(lesson.getByText(topic)).toHaveCSS('text-decoration-line', 'line-through');
      await expect(lesson.getByRole('button', { name: 'Chờ bắt đầu' })).toHaveCount(0);
      const bell = await openBell(theirs);
      await expect(bell.getByTestId('notification-item').first()).toContainText(
        `Buổi học bị huỷ${className}: ${topic} lúc 18:00–19:00 ${shown(tomorrow)} bị huỷ. Lý do: Giáo viên bị ốm`,
      );
      await theirs.context().close();
    });
  });
}
