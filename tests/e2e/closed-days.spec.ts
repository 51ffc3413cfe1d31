// Holidays (product.md, Deviations), on a desktop and on a phone: staff take Vietnam's proposed
// public holidays (one renamed first), a series over Tết shows its lessons on closed days marked
// and left out (one ticked back in), and adding a closed day lists the lesson already on it, which staff then cancel from the list.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  addDays,
  createLesson,
  shown,
  teacherWithClass,
  vnDate,
  vnTime,
} from '../helpers/school.ts';
import type { TestClient } from '../helpers/test-server.ts';
import { expect, test } from './fixtures.ts';
import { openClass } from './pages/classes.ts';
import { expectToast } from './pages/dialogs.ts';

const thisYear = () => Number(vnDate(Date.now()).slice(0, 4));

/** Closed days are the whole center's: each story opens every day it closed again. */
async function openEveryDay(admin: TestClient) {
  for (let year = thisYear() - 1; year <= thisYear() + 2; year++) {
    const days = await admin.get(`/api/closed-days?year=${year}`);
    for (const day of days.body.items as { date: string }[]) {
      await admin.delete(`/api/closed-days/${day.date}`);
    }
  }
}

/** The page shows one year of closed days; this picks it. */
async function chooseYear(page: Page, year: number) {
  await page.getByRole('combobox', { name: 'Năm' }).click();
  await page.getByRole('option', { name: String(year), exact: true }).click();
}

async function fitsTheWidth(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test.afterEach(async ({ app }) => openEveryDay(await app.admin()));

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('staff take the proposed public holidays, one renamed and one left for later', async ({
      page,
      app,
      signIn,
    }) => {
      const next = thisYear() + 1;
      await signIn(page, await app.account('staff'), '/closed-days');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ngày nghỉ');
      await page.getByRole('button', { name: 'Đề xuất ngày lễ' }).click();
      const dialog = page.getByRole('dialog', { name: 'Đề xuất ngày lễ' });
      for (const name of ['Tết Dương lịch', 'Tết Nguyên Đán', 'Giỗ Tổ Hùng Vương', 'Quốc khánh']) {
        await expect(
          dialog.getByRole('checkbox', { name: `${name} ${next}`, exact: true }),
        ).toBeChecked();
      }
      // Tết is five days from the eve; its dates and name may be changed before it is added.
      await expect(
        dialog.getByRole('textbox', { name: `Tên (Tết Nguyên Đán ${next})` }),
      ).toHaveValue('Tết Nguyên Đán');
      await dialog
        .getByRole('textbox', { name: `Tên (Quốc khánh ${next})` })
        .fill('Nghỉ lễ Quốc khánh');
      await dialog.getByRole('checkbox', { name: `Tết Dương lịch ${next}`, exact: true }).click();
      await fitsTheWidth(page, width);
      await dialog.getByRole('button', { name: /^Thêm \d+ ngày lễ$/ }).click();
      await expectToast(page, /Đã thêm \d+ ngày nghỉ\./);
      await expect(dialog).toBeHidden();

      await chooseYear(page, next);
      const list = page.getByRole('list', { name: `Các ngày nghỉ năm ${next}` });
      await expect(list.getByRole('listitem').filter({ hasText: 'Tết Nguyên Đán' })).toHaveCount(5);
      await expect(list.getByRole('listitem').filter({ hasText: 'Giỗ Tổ Hùng Vương' })).toHaveCount(
        1,
      );
      await expect(
        list.getByRole('listitem').filter({ hasText: 'Nghỉ lễ Quốc khánh' }),
      ).toHaveCount(2);
      await expect(list).not.toContainText('Tết Dương lịch');
      await fitsTheWidth(page, width);

      // What was added is not proposed again; what was left out still is.
      await page.getByRole('button', { name: 'Đề xuất ngày lễ' }).click();
      await expect(
        dialog.getByRole('checkbox', { name: `Tết Dương lịch ${next}`, exact: true }),
      ).toBeVisible();
      await expect(
        dialog.getByRole('checkbox', { name: `Tết Nguyên Đán ${next}`, exact: true }),
      ).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Đóng' }).click();

      // A day is renamed and opened again from its row.
      const first = list.getByRole('listitem').filter({ hasText: 'Nghỉ lễ Quốc khánh' }).first();
      await first.getByRole('button', { name: /^Xóa ngày nghỉ/ }).click();
      await page
        .getByRole('dialog', { name: 'Xóa ngày nghỉ' })
        .getByRole('button', { name: 'Xóa', exact: true })
        .click();
      await expectToast(page, 'Đã xóa ngày nghỉ.');
      await expect(
        list.getByRole('listitem').filter({ hasText: 'Nghỉ lễ Quốc khánh' }),
      ).toHaveCount(1);
    });

    test('staff plan a series over Tết: its lessons on closed days are marked and left out, one ticked back in', async ({
      page,
      app,
      signIn,
    }) => {
      const today = vnDate(Date.now());
      const className = `Lớp Tết ${width} ${Date.now() % 100000}`;
      // Zoom is not connected on this server: the class holds its lessons on its link.
      const { admin } = await teacherWithClass(app, {
        class_name: className,
        start_date: today,
        end_date: addDays(today, 60),
        default_venue: 'link',
        meeting_link: 'https://meet.jit.si/lop-tet',
      });
      const added = await admin.post('/api/closed-days', {
        name: 'Tết Nguyên Đán',
        from_date: addDays(today, 8),
        to_date: addDays(today, 10),
      });
      expect(added.status, added.text).toBe(201);

      await signIn(page, await app.account('staff'), '/classes');
      const details = await openClass(page, className, 'Lịch Học');
      await details.getByRole('button', { name: 'Thêm chuỗi buổi học' }).click();
      const dialog = page.getByRole('dialog', { name: 'Thêm chuỗi buổi học' });
      for (const chip of ['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'CN']) {
        await dialog.getByText(chip, { exact: true }).click();
      }
      await dialog.getByLabel('Giờ bắt đầu').fill('18:00');
      await dialog.getByLabel('Ngày đầu tiên').fill(shown(addDays(today, 7)));
      await dialog.getByRole('textbox', { name: 'Số buổi' }).fill('5');
      await dialog.getByRole('button', { name: 'Xem trước' }).click();

      const rows = dialog.getByTestId('series-preview-row');
      await expect(rows).toHaveCount(8);
      await expect(dialog.getByTestId('series-summary')).toHaveText(
        '5 buổi học sẽ được tạo, 0 buổi bị trùng lịch hoặc đã qua, 3 buổi vào ngày nghỉ được bỏ qua.',
      );
      for (const index of [1, 2, 3]) {
        await expect(rows.nth(index)).toContainText('Ngày nghỉ: Tết Nguyên Đán');
        await expect(rows.nth(index).getByRole('cell').nth(1)).toHaveText('—');
      }
      await expect(rows.nth(4)).toContainText('Unit 2');
      await fitsTheWidth(page, width);

      // The first day of Tết is ticked back in: the preview is asked again, the day gets Unit 2, and
      // the series ends a day earlier.
      await dialog
        .getByRole('checkbox', {
          name: `Vẫn học ngày ${shown(addDays(today, 8))} (Tết Nguyên Đán)`,
        })
        .click();
      await expect(rows).toHaveCount(7);
      await expect(rows.nth(1)).toContainText('Unit 2');
      await expect(dialog.getByTestId('series-summary')).toHaveText(
        '5 buổi học sẽ được tạo, 0 buổi bị trùng lịch hoặc đã qua, 2 buổi vào ngày nghỉ được bỏ qua.',
      );
      await dialog.getByRole('button', { name: 'Tạo 5 buổi học' }).click();
      await expectToast(page, 'Đã tạo 5 buổi học, bỏ qua 2 buổi vào ngày nghỉ.');
      await expect(dialog).toBeHidden();
      const lessons = details.getByTestId('lesson-item');
      await expect(lessons).toHaveCount(5);
      await expect(lessons.filter({ hasText: shown(addDays(today, 8)) })).toHaveCount(1);
      await expect(lessons.filter({ hasText: shown(addDays(today, 9)) })).toHaveCount(0);
      await expect(lessons.filter({ hasText: shown(addDays(today, 10)) })).toHaveCount(0);
    });

    test('staff close a day and are shown the lesson already on it, with its class, time and teacher', async ({
      page,
      app,
      signIn,
    }) => {
      const today = vnDate(Date.now());
      const day = addDays(today, 5);
      const className = `Lớp Nghỉ ${width} ${Date.now() % 100000}`;
      const teacherName = `Cô Hạnh ${width}`;
      const { admin, classId } = await teacherWithClass(
        app,
        { class_name: className, start_date: today, end_date: addDays(today, 30) },
        teacherName,
      );
      await createLesson(admin, classId, vnTime(day, '09:00'), 90, 'Speaking');

      await signIn(page, await app.account('staff'), '/closed-days');
      await page.getByRole('button', { name: 'Thêm ngày nghỉ' }).click();
      const dialog = page.getByRole('dialog', { name: 'Thêm ngày nghỉ' });
      await dialog.getByLabel('Từ ngày').fill(shown(day));
      await dialog.getByRole('textbox', { name: 'Tên ngày nghỉ' }).fill('Nghỉ đột xuất');
      await dialog.getByRole('button', { name: 'Thêm', exact: true }).click();
      await expectToast(page, 'Đã thêm 1 ngày nghỉ.');

      // Other stories' lessons may share the day: this class's is among those listed.
      await expect(dialog.getByRole('status')).toContainText(/^Đã có \d+ buổi học/);
      const onDay = dialog.getByRole('list', { name: 'Buổi học vào ngày nghỉ' });
      const lesson = onDay.getByRole('listitem').filter({ hasText: className });
      await expect(lesson).toHaveCount(1);
      await expect(lesson).toContainText(`09:00–10:30 ${shown(day)}`);
      await expect(lesson).toContainText(`${className} · Speaking`);
      await expect(lesson).toContainText(`GV: ${teacherName}`);
      await expect(lesson).toContainText('Nghỉ đột xuất');
      await fitsTheWidth(page, width);
      await dialog.getByRole('button', { name: 'Đóng' }).click();

      // The page keeps listing it until it is cancelled or moved.
      if (Number(day.slice(0, 4)) !== thisYear()) await chooseYear(page, Number(day.slice(0, 4)));
      await expect(
        page.getByRole('list', { name: /^Các ngày nghỉ năm/ }).getByRole('listitem'),
      ).toContainText([/Nghỉ đột xuất/]);
      const onPage = page.getByRole('list', { name: 'Buổi học vào ngày nghỉ' });
      await expect(onPage.getByRole('listitem').filter({ hasText: className })).toHaveCount(1);
      await fitsTheWidth(page, width);

      // Staff cancel it from the list, for the closed day: it leaves the list.
      await onPage
        .getByRole('listitem')
        .filter({ hasText: className })
        .getByRole('button', { name: 'Dời hoặc huỷ buổi học Speaking' })
        .click();
      await page.getByRole('menuitem', { name: 'Huỷ buổi học' }).click();
      const cancel = page.getByRole('dialog', { name: 'Huỷ buổi học' });
      await cancel.getByRole('textbox', { name: 'Lý do huỷ' }).fill('Nghỉ đột xuất');
      await cancel.getByRole('button', { name: 'Huỷ buổi học' }).click();
      await expectToast(page, 'Đã huỷ buổi học.');
      await expect(onPage.getByRole('listitem').filter({ hasText: className })).toHaveCount(0);
    });
  });
}

test('the closed days page and its dialogs have no serious or critical accessibility violations', async ({
  page,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  await admin.post('/api/closed-days', {
    name: 'Nghỉ hè',
    from_date: addDays(vnDate(Date.now()), 3),
    to_date: addDays(vnDate(Date.now()), 4),
  });
  const serious = async (where: string) => {
    const results = await new AxeBuilder({ page }).analyze();
    const found = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(found, where).toEqual([]);
  };
  await signIn(page, await app.account('staff'), '/closed-days');
  await expect(page.getByRole('listitem').filter({ hasText: 'Nghỉ hè' }).first()).toBeVisible();
  await serious('the page');
  await page.getByRole('button', { name: 'Đề xuất ngày lễ' }).click();
  await expect(page.getByRole('dialog', { name: 'Đề xuất ngày lễ' })).toBeVisible();
  await serious('the proposals');
  await page.getByRole('dialog').getByRole('button', { name: 'Đóng' }).click();
  await page.getByRole('button', { name: 'Thêm ngày nghỉ' }).click();
  await expect(page.getByRole('dialog', { name: 'Thêm ngày nghỉ' })).toBeVisible();
  await serious('adding days');
});
