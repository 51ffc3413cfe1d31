// Date and time pickers that keep what was typed (product.md, Deviations): the admin adds lessons
// by picking a day then a time, and by typing 'dd/mm/yyyy HH:mm'; Escape closes the open picker,
// never the dialog around it; a dialog with typed input asks before it throws it away. On a
// desktop and on a phone.
import type { Page } from '@playwright/test';
import {
  addDays,
  createLesson,
  shown,
  teacherWithClass,
  vnDate,
  vnTime,
} from '../helpers/school.ts';
import { ADMIN, expect, test } from './fixtures.ts';
import { openClass } from './pages/classes.ts';
import { expectToast } from './pages/dialogs.ts';

const today = () => vnDate(Date.now());

/** Clicks a day in the open calendar (named dd/mm/yyyy), turning to the next month if needed. */
async function pickDay(page: Page, date: string) {
  const next = page.getByRole('button', { name: 'Tháng sau' });
  await expect(next).toBeVisible();
  const day = page.getByRole('button', { name: shown(date), exact: true });
  if (!(await day.isVisible())) await next.click();
  await day.click();
}

/** Opens the class's Lịch Học tab and its add-lesson dialog. */
async function addLessonDialog(page: Page, className: string) {
  const details = await openClass(page, className, 'Lịch Học');
  await details.getByRole('button', { name: 'Thêm buổi học' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm buổi học' });
  return {
    details,
    dialog,
    topic: dialog.getByRole('textbox', { name: 'Chủ đề' }),
    start: dialog.getByRole('textbox', { name: 'Bắt đầu' }),
    end: dialog.getByRole('textbox', { name: 'Kết thúc' }),
    add: dialog.getByRole('button', { name: 'Thêm buổi học' }),
  };
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('the admin picks a day then a time: both are kept, and Escape closes only the picker', async ({
      page,
      app,
      signIn,
    }) => {
      const name = `Picked ${width} ${Date.now() % 100000}`;
      await teacherWithClass(app, {
        class_name: name,
        // Zoom is not connected on this server: the class holds its lessons on its link.
        default_venue: 'link',
        meeting_link: 'https://meet.jit.si/lop-lich',
        start_date: today(),
        end_date: addDays(today(), 60),
      });
      await signIn(page, ADMIN, '/classes');
      const { details, dialog, topic, start, end, add } = await addLessonDialog(page, name);
      await topic.fill('Speaking: day and time picked');

      const day = addDays(today(), 2);
      await start.click();
      await pickDay(page, day);
      // The day with a time that is no silent midnight, and the picker open for the time.
      await expect(start).toHaveValue(new RegExp(`^${shown(day)} \\d\\d:00$`));
      const hours = page.getByRole('spinbutton', { name: 'Giờ' });
      await expect(hours).toBeFocused();
      await hours.fill('19');
      await page.getByRole('spinbutton', { name: 'Phút' }).fill('30');
      await expect(start).toHaveValue(`${shown(day)} 19:30`);
      await page.getByRole('button', { name: 'Xong' }).click();
      await expect(hours).toBeHidden();
      await expect(end).toHaveValue(`${shown(day)} 20:30`);

      // Another day keeps the time chosen.
      const later = addDays(today(), 3);
      await start.click();
      await pickDay(page, later);
      await expect(start).toHaveValue(`${shown(later)} 19:30`);

      // Escape closes the open picker, not the dialog around it, and nothing typed is lost.
      await page.keyboard.press('Escape');
      await expect(hours).toBeHidden();
      await expect(dialog).toBeVisible();
      await expect(topic).toHaveValue('Speaking: day and time picked');
      await expect(start).toHaveValue(`${shown(later)} 19:30`);
      // A second Escape is the dialog's: with typed input it asks first, and "keep editing" keeps it.
      await page.keyboard.press('Escape');
      const ask = page.getByRole('dialog', { name: 'Bỏ các thay đổi?' });
      await expect(ask).toContainText('Những gì bạn đã nhập trong hộp thoại này sẽ bị mất.');
      await ask.getByRole('button', { name: 'Tiếp tục chỉnh sửa' }).click();
      await expect(ask).toBeHidden();
      await expect(dialog).toBeVisible();
      await expect(topic).toHaveValue('Speaking: day and time picked');

      await add.click();
      await expectToast(page, 'Đã thêm buổi học.');
      await expect(dialog).toBeHidden();
      await expect(details.getByTestId('lesson-item')).toContainText(
        `19:30 ${shown(later)} – 20:30 ${shown(later)}`,
      );
    });

    test("the admin types 'dd/mm/yyyy HH:mm'; text that is no time is said to be wrong, not dropped", async ({
      page,
      app,
      signIn,
    }) => {
      // The next 25 December, so the story stays in the future whatever day it runs.
      const thisYear = Number(today().slice(0, 4));
      const year = today() < `${thisYear}-12-25` ? thisYear : thisYear + 1;
      const christmas = `25/12/${year}`;
      const name = `Typed ${width} ${Date.now() % 100000}`;
      await teacherWithClass(app, {
        class_name: name,
        // Zoom is not connected on this server: the class holds its lessons on its link.
        default_venue: 'link',
        meeting_link: 'https://meet.jit.si/lop-lich',
        start_date: today(),
        end_date: addDays(today(), 400),
      });
      await signIn(page, ADMIN, '/classes');
      const { details, dialog, topic, start, end, add } = await addLessonDialog(page, name);

      // Nothing typed yet: Escape closes the dialog at once, and only it (the class stays open).
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('dialog', { name: 'Bỏ các thay đổi?' })).toBeHidden();
      await expect(details).toBeVisible();

      await details.getByRole('button', { name: 'Thêm buổi học' }).click();
      await topic.fill('Christmas party');
      await start.fill(`${christmas} 19:30`);
      await expect(end).toHaveValue(`${christmas} 20:30`);
      // An open picker of a typed field also closes alone on Escape.
      await start.click();
      await expect(page.getByRole('spinbutton', { name: 'Giờ' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('spinbutton', { name: 'Giờ' })).toBeHidden();
      await expect(dialog).toBeVisible();

      await end.fill('31/02/2027 10:00');
      await end.press('Tab');
      await expect(end).toHaveValue('31/02/2027 10:00');
      const wrong = 'Thời gian không hợp lệ, hãy nhập theo dạng dd/mm/yyyy HH:mm';
      await expect(end).toHaveAccessibleDescription(wrong);
      // Not sent with it.
      await add.click();
      await expect(dialog).toBeVisible();
      await expect(end).toHaveAccessibleDescription(wrong);

      await end.fill(`${christmas} 21:00`);
      await expect(dialog.getByTestId('lesson-duration')).toHaveText('Thời lượng: 1 giờ 30 phút');
      await add.click();
      await expectToast(page, 'Đã thêm buổi học.');
      await expect(details.getByTestId('lesson-item')).toContainText(
        `19:30 ${christmas} – 21:00 ${christmas}`,
      );
    });

    test('closing a dialog asks only when something was typed in it', async ({ page, signIn }) => {
      await signIn(page, ADMIN, '/classes');
      const open = page.getByRole('button', { name: 'Tạo lớp học' });
      const form = page.getByRole('dialog', { name: 'Tạo lớp học' });
      const ask = page.getByRole('dialog', { name: 'Bỏ các thay đổi?' });
      const className = form.getByRole('textbox', { name: 'Tên lớp học' });

      // Nothing typed: Escape, Hủy and the close button each close it at once. (The form loads on
      // its first opening: Escape is pressed once it shows, as a person would.)
      await open.click();
      await expect(form).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
      await open.click();
      await expect(form).toBeVisible();
      await form.getByRole('button', { name: 'Hủy' }).click();
      await expect(form).toBeHidden();
      await open.click();
      await expect(form).toBeVisible();
      await form.getByRole('button', { name: 'Thoát hộp thoại' }).click();
      await expect(form).toBeHidden();
      await expect(ask).toBeHidden();

      // Typed: each of them asks; "keep editing" keeps the input, "discard" closes.
      await open.click();
      await className.fill('IELTS Evening');
      await form.getByLabel('Ngày bắt đầu').fill(shown(addDays(today(), 1)));
      await form.getByRole('button', { name: 'Hủy' }).click();
      await ask.getByRole('button', { name: 'Tiếp tục chỉnh sửa' }).click();
      await expect(className).toHaveValue('IELTS Evening');
      await form.getByRole('button', { name: 'Thoát hộp thoại' }).click();
      await ask.getByRole('button', { name: 'Tiếp tục chỉnh sửa' }).click();
      await expect(form.getByLabel('Ngày bắt đầu')).toHaveValue(shown(addDays(today(), 1)));
      // Escape on the question is "keep editing" too: the dialog under it stays.
      await page.keyboard.press('Escape');
      await expect(ask).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(ask).toBeHidden();
      await expect(form).toBeVisible();
      await expect(className).toHaveValue('IELTS Evening');
      await page.keyboard.press('Escape');
      await ask.getByRole('button', { name: 'Bỏ thay đổi' }).click();
      await expect(ask).toBeHidden();
      await expect(form).toBeHidden();

      // Opened again, it is empty.
      await open.click();
      await expect(className).toHaveValue('');
    });

    test('a form inside a dialog asks too: a topic being edited, a password being typed', async ({
      page,
      app,
      signIn,
    }) => {
      const name = `Inside ${width} ${Date.now() % 100000}`;
      const { admin, classId } = await teacherWithClass(app, {
        class_name: name,
        // Zoom is not connected on this server: the class holds its lessons on its link.
        default_venue: 'link',
        meeting_link: 'https://meet.jit.si/lop-lich',
        start_date: today(),
        end_date: addDays(today(), 30),
      });
      await createLesson(admin, classId, vnTime(addDays(today(), 1), '18:00'), 60, 'Unit 1');
      await signIn(page, ADMIN, '/classes');
      const details = await openClass(page, name, 'Lịch Học');
      const ask = page.getByRole('dialog', { name: 'Bỏ các thay đổi?' });

      await details.getByRole('button', { name: 'Sửa chủ đề Unit 1' }).click();
      const topic = details.getByRole('textbox', { name: 'Chủ đề' });
      await topic.fill('Unit 1: travel');
      await page.keyboard.press('Escape');
      await ask.getByRole('button', { name: 'Tiếp tục chỉnh sửa' }).click();
      await expect(topic).toHaveValue('Unit 1: travel');
      await details.getByRole('button', { name: 'Thoát hộp thoại' }).click();
      await ask.getByRole('button', { name: 'Bỏ thay đổi' }).click();
      await expect(details).toBeHidden();

      // The profile: on a phone it opens from the user menu's drawer, which stays under it.
      if (width < 500) await page.getByRole('button', { name: 'Mở menu người dùng' }).click();
      await page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' }).click();
      const profile = page.getByRole('dialog', { name: 'Hồ sơ cá nhân' });
      // The dialog's code loads when first asked for: it is pressed on once it shows.
      await expect(profile.getByLabel('Mật khẩu mới', { exact: true })).toBeVisible();
      // Nothing typed: it closes at once.
      await page.keyboard.press('Escape');
      await expect(profile).toBeHidden();
      await expect(ask).toBeHidden();
      await page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' }).click();
      const password = profile.getByLabel('Mật khẩu mới', { exact: true });
      await password.fill('a-new-password-1');
      await page.keyboard.press('Escape');
      await ask.getByRole('button', { name: 'Tiếp tục chỉnh sửa' }).click();
      await expect(password).toHaveValue('a-new-password-1');
      await page.keyboard.press('Escape');
      await ask.getByRole('button', { name: 'Bỏ thay đổi' }).click();
      await expect(profile).toBeHidden();
      await expect(page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' })).toBeVisible();
    });
  });
}
