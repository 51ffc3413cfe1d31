// Finding things as Vietnamese users type (product.md, Deviations), on a desktop and on a phone: the
// list's search box finds 'Trần' from 'tran' and 'Đức' from 'duc', starts again on page 1, and
// sorts by name; the enrol picker finds a student typed without accents.
import { randomBytes } from 'node:crypto';
import { teacherWithClass } from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { openClass } from './pages/classes.ts';

const stampOf = () => randomBytes(3).toString('hex');

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('an admin finds students typed without accents, back on page 1, and sorts them by name', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = stampOf();
      for (let i = 1; i <= 10; i++) {
        await app.account('student', { full_name: `Học viên ${stamp} ${i}` });
      }
      await app.account('student', { full_name: `Trần Khánh Vy ${stamp}` });
      await app.account('student', { full_name: `Đoàn Đức Quý ${stamp}` });
      await signIn(page, await app.account('admin'), '/students');

      const box = page.getByRole('searchbox', { name: 'Tìm kiếm' });
      // The list asks the server once typing pauses; the pager then counts the results only.
      const searched = page.waitForResponse((r) => r.url().includes(`q=${stamp}`));
      await box.fill(stamp);
      await searched;
      await expect(page.getByText('1 of 2')).toBeVisible();
      await page.getByRole('button', { name: '2', exact: true }).click();
      await expect(page.getByText('2 of 2')).toBeVisible();

      await box.fill(`tran khanh vy ${stamp}`);
      await expect(
        page.getByRole('row', { name: new RegExp(`Trần Khánh Vy ${stamp}`) }),
      ).toBeVisible();
      await expect(page.getByRole('row', { name: /Đoàn Đức Quý/ })).toHaveCount(0);
      await expect(page.getByText(/of 2/)).toHaveCount(0);

      await box.fill(`DOAN duc quy ${stamp}`);
      await expect(
        page.getByRole('row', { name: new RegExp(`Đoàn Đức Quý ${stamp}`) }),
      ).toBeVisible();
      await expect(page.getByRole('row', { name: /Trần Khánh Vy/ })).toHaveCount(0);

      await box.fill(stamp);
      await page.getByRole('combobox', { name: 'Sắp xếp' }).click();
      await page.getByRole('option', { name: 'Tên A → Z' }).click();
      const rows = page.getByRole('row').filter({ hasText: stamp });
      await expect(rows.first()).toContainText(`Đoàn Đức Quý ${stamp}`);
      await page.getByRole('combobox', { name: 'Sắp xếp' }).click();
      await page.getByRole('option', { name: 'Tên Z → A' }).click();
      await expect(rows.first()).toContainText(`Trần Khánh Vy ${stamp}`);
    });

    test('staff finds a class and enrols a student, both typed without accents', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = stampOf();
      const className = `Giao Tiếp ${stamp}`;
      await teacherWithClass(app, { class_name: className });
      await app.account('student', { full_name: `Đặng Thu Hà ${stamp}` });
      await signIn(page, await app.account('staff'), '/classes');

      await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(`giao tiep ${stamp}`);
      const details = await openClass(page, className, 'Học Viên');
      const picker = details.getByRole('combobox', { name: 'Chọn học viên' });
      await picker.click();
      await picker.fill(`dang thu ha ${stamp}`);
      await expect(
        page.getByRole('option', { name: new RegExp(`Đặng Thu Hà ${stamp}`) }),
      ).toBeVisible();
    });
  });
}
