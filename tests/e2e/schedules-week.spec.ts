// The Schedules page as a center runs its week (product.md, Deviations), on a desktop and on a
// phone: it opens on this week's lessons in time order (not far-future ones), widens to every day
// and to a range of days, filters by teacher with a picker typed without accents, keeps its
// filters in the address across a reload, shows the week as a grid (a list of days on a phone)
// with each lesson in its day (and no serious accessibility fault), and a teacher sees only
// their own week.
import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays, createClass, createLesson, vnTime } from '../helpers/school.ts';
import { type AppServer, expect, test } from './fixtures.ts';
import { classDialog } from './pages/classes.ts';

/**
 * A Wednesday; each story has weeks of its own (the tests of one worker share its database): its
 * own and the one before, which holds its "last week" lesson.
 */
const FIRST_WEDNESDAY = '2032-02-11';
const wednesdayOf = (story: number, width: number) =>
  addDays(FIRST_WEDNESDAY, 14 * (story * 2 + (width === 390 ? 1 : 0)));
/** dd/mm, as the week's columns and days are named. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * Two teachers with a class each and lessons around the week of `wednesday`: last week's
 * Sunday evening, this Wednesday and Thursday, this Sunday at 23:30, and one after every story's.
 * The server's and the browser's clocks are then 08:00 on that Wednesday.
 */
async function weekOfTwoTeachers(app: AppServer, page: Page, wednesday: string) {
  const stamp = randomBytes(3).toString('hex');
  // Everything is added now, years before it happens (so the classes are not "newest" for the
  // worker's other tests); only then do the clocks move on to that week.
  const admin = await app.admin();
  const ha = await app.account('teacher', { full_name: `Cô Đặng Thu Hà ${stamp}` });
  const nam = await app.account('teacher', { full_name: `Thầy Nam ${stamp}` });
  const term = { start_date: addDays(wednesday, -10), end_date: addDays(wednesday, 150) };
  const haClass = await createClass(admin, ha.user.user_id, {
    class_name: `Giao tiếp ${stamp}`,
    ...term,
  });
  const namClass = await createClass(admin, nam.user.user_id, {
    class_name: `IELTS ${stamp}`,
    ...term,
  });
  const add = (classId: string, date: string, time: string, topic: string) =>
    createLesson(admin, classId, vnTime(date, time), 60, `${topic} ${stamp}`);
  await add(namClass.class_id, addDays(wednesday, -3), '20:00', 'Last week');
  await add(namClass.class_id, wednesday, '10:00', 'Wednesday');
  await add(haClass.class_id, addDays(wednesday, 1), '14:00', 'Thursday');
  await add(haClass.class_id, addDays(wednesday, 4), '23:30', 'Late Sunday');
  await add(namClass.class_id, addDays(wednesday, 120), '09:00', 'Far');
  await app.setServerTime(vnTime(wednesday, '08:00'));
  await page.clock.setFixedTime(new Date(vnTime(wednesday, '08:00')));
  return { stamp, ha, nam, haClass, namClass };
}

const cards = (page: Page) => page.getByTestId('schedule-card');
/** The list or week switch: its radios are hidden behind their labels, which are clicked. */
const chooseView = (page: Page, view: 'Danh sách' | 'Tuần') =>
  page.getByRole('radiogroup', { name: 'Cách xem' }).getByText(view, { exact: true }).click();

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("admin opens this week's lessons, widens to every day, filters by teacher, and a reload keeps it", async ({
      page,
      app,
      signIn,
    }) => {
      const wednesday = wednesdayOf(0, width);
      const { stamp, ha } = await weekOfTwoTeachers(app, page, wednesday);
      await signIn(page, await app.account('admin'), '/schedules');
      await expect(page.getByRole('heading', { name: 'Schedule Management' })).toBeVisible();
      const monday = addDays(wednesday, -2);
      await expect(page.getByTestId('shown-week')).toHaveText(
        `${dayMonth(monday)} – ${dayMonth(addDays(monday, 6))}/${monday.slice(0, 4)}`,
      );
      // This week's, in time order; last week's and the far one are not there.
      await expect(cards(page)).toHaveText([
        new RegExp(`Wednesday ${stamp}`),
        new RegExp(`Thursday ${stamp}`),
        new RegExp(`Late Sunday ${stamp}`),
      ]);
      // The tabs count the week (a dropdown takes their place on a phone).
      if (width === 1366) await expect(page.getByRole('tab', { name: 'Tất cả (3)' })).toBeVisible();
      else {
        await expect(page.getByRole('combobox', { name: 'Lọc theo trạng thái' })).toHaveValue(
          'Tất cả (3)',
        );
      }

      // Every day, narrowed by the search to this story's lessons.
      await page.getByRole('combobox', { name: 'Thời gian' }).click();
      await page.getByRole('option', { name: 'Tất cả các ngày' }).click();
      await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(stamp);
      await expect(cards(page)).toHaveText([
        new RegExp(`Last week ${stamp}`),
        new RegExp(`Wednesday ${stamp}`),
        new RegExp(`Thursday ${stamp}`),
        new RegExp(`Late Sunday ${stamp}`),
        new RegExp(`Far ${stamp}`),
      ]);

      // A range of days: it starts as the week shown, and widens to the far lesson's day.
      await page.getByRole('combobox', { name: 'Thời gian' }).click();
      await page.getByRole('option', { name: 'Khoảng ngày' }).click();
      await expect(page.getByRole('textbox', { name: 'Từ ngày' })).toHaveValue(
        `${dayMonth(monday)}/${monday.slice(0, 4)}`,
      );
      await expect(cards(page)).toHaveCount(3);
      const far = addDays(wednesday, 120);
      await page.getByRole('textbox', { name: 'Đến ngày' }).fill(far);
      await page.getByRole('textbox', { name: 'Đến ngày' }).press('Enter');
      await expect(cards(page)).toHaveText([
        new RegExp(`Wednesday ${stamp}`),
        new RegExp(`Thursday ${stamp}`),
        new RegExp(`Late Sunday ${stamp}`),
        new RegExp(`Far ${stamp}`),
      ]);
      await expect(page).toHaveURL(new RegExp(`dates=range&from=${monday}&to=${far}`));

      // Back to the week, then one teacher, picked typed without accents.
      await page.getByRole('combobox', { name: 'Thời gian' }).click();
      await page.getByRole('option', { name: 'Theo tuần' }).click();
      const teacherPicker = page.getByRole('combobox', { name: 'Giáo viên' });
      await teacherPicker.click();
      await teacherPicker.fill(`dang thu ha ${stamp}`);
      await page.getByRole('option', { name: ha.user.full_name }).click();
      await expect(cards(page)).toHaveText([
        new RegExp(`Thursday ${stamp}`),
        new RegExp(`Late Sunday ${stamp}`),
      ]);
      await expect(page).toHaveURL(new RegExp(`teacher_id=${ha.user.user_id}`));

      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Giáo viên' })).toHaveValue(
        ha.user.full_name,
      );
      await expect(cards(page)).toHaveText([
        new RegExp(`Thursday ${stamp}`),
        new RegExp(`Late Sunday ${stamp}`),
      ]);

      // The next week has none of them; 'Hôm nay' comes back.
      await page.getByRole('button', { name: 'Tuần sau' }).click();
      await expect(page.getByText('Không có buổi học nào trong tuần này.')).toBeVisible();
      await page.getByRole('button', { name: 'Hôm nay' }).click();
      await expect(cards(page)).toHaveCount(2);
    });

    test('admin switches to the week view: each lesson in its day, a click opens its class', async ({
      page,
      app,
      signIn,
    }) => {
      const wednesday = wednesdayOf(1, width);
      const { stamp, nam, namClass } = await weekOfTwoTeachers(app, page, wednesday);
      await signIn(page, await app.account('staff'), '/schedules');
      await chooseView(page, 'Tuần');
      await expect(page).toHaveURL(/view=week/);
      const day = (date: string, name: string) =>
        page.getByRole('region', { name: `${name}, ${dayMonth(date)}` });
      const wed = day(wednesday, 'Thứ tư');
      await expect(
        wed.getByRole('button', { name: new RegExp(`Wednesday ${stamp}`) }),
      ).toBeVisible();
      await expect(
        day(addDays(wednesday, 1), 'Thứ năm').getByRole('button', {
          name: new RegExp(`Thursday ${stamp}`),
        }),
      ).toBeVisible();
      // 23:30 on Sunday in Vietnam is that Sunday's, in this week.
      await expect(
        day(addDays(wednesday, 4), 'Chủ nhật').getByRole('button', {
          name: new RegExp(`Late Sunday ${stamp}`),
        }),
      ).toBeVisible();
      await expect(page.getByText(`Far ${stamp}`)).toHaveCount(0);
      await expect(page.getByText(`Last week ${stamp}`)).toHaveCount(0);
      // Readable: each lesson's texts on its class's colour, every control named.
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => violation.id),
      ).toEqual([]);

      // Filtered by teacher, kept across a reload, in the same view.
      const teacherPicker = page.getByRole('combobox', { name: 'Giáo viên' });
      await teacherPicker.click();
      await teacherPicker.fill(`thay nam ${stamp}`);
      await page.getByRole('option', { name: nam.user.full_name }).click();
      await expect(page.getByText(`Thursday ${stamp}`)).toHaveCount(0);
      await page.reload();
      await expect(
        wed.getByRole('button', { name: new RegExp(`Wednesday ${stamp}`) }),
      ).toBeVisible();
      await expect(page.getByText(`Thursday ${stamp}`)).toHaveCount(0);

      await wed.getByRole('button', { name: new RegExp(`Wednesday ${stamp}`) }).click();
      await expect(classDialog(page)).toBeVisible();
      await expect(page.getByRole('dialog', { name: namClass.class_name })).toBeVisible();
    });

    test('a teacher sees only their own week, without the teacher picker', async ({
      page,
      app,
      signIn,
    }) => {
      const wednesday = wednesdayOf(2, width);
      const { stamp, ha } = await weekOfTwoTeachers(app, page, wednesday);
      await signIn(page, ha, '/schedules?view=week');
      await expect(page.getByRole('heading', { name: 'My Teaching Schedule' })).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: `Thứ năm, ${dayMonth(addDays(wednesday, 1))}` })
          .getByRole('button', { name: new RegExp(`Thursday ${stamp}`) }),
      ).toBeVisible();
      await expect(page.getByTestId('week-lesson')).toHaveCount(2);
      await expect(page.getByText(`Wednesday ${stamp}`)).toHaveCount(0);
      await expect(page.getByRole('combobox', { name: 'Giáo viên' })).toHaveCount(0);
      await chooseView(page, 'Danh sách');
      await expect(cards(page)).toHaveText([
        new RegExp(`Thursday ${stamp}`),
        new RegExp(`Late Sunday ${stamp}`),
      ]);
    });
  });
}
