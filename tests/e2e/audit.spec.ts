// Issue 30, 'The audit log' in the browser (docs/decisions/041-audit-log.md): the admin opens the
// Audit page from Settings → Security, filters it by person and kind of record, exports it, and
// reads one account's own history from its details dialog ('Lịch sử'); staff are not offered it.
// At the desk's width and a phone's.
import fs from 'node:fs/promises';
import { ADMIN, expect, test } from './fixtures.ts';

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the admin finds a correction in the audit log, exports it, and reads the account’s history', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = `${width}-${Date.now() % 100000}`;
      const admin = await app.admin();
      const student = await app.account('student', { full_name: `Nhat Ky ${stamp}` });
      const corrected = await admin.patch(`/api/users/${student.user.user_id}`, {
        full_name: `Nhật Ký ${stamp}`,
      });
      expect(corrected.status, corrected.text).toBe(200);

      await signIn(page, { email: ADMIN.email, password: ADMIN.password }, '/settings');
      await page.getByRole('button', { name: 'Mở Bảo mật' }).click();
      await page
        .getByRole('dialog', { name: 'Bảo mật' })
        .getByRole('link', { name: 'Nhật ký thay đổi' })
        .click();
      await expect(page).toHaveURL(/\/audit$/);
      await expect(page.getByRole('heading', { name: 'Nhật ký thay đổi' })).toBeVisible();

      // By person (the admin, found by typing) and by kind of record.
      const person = page.getByRole('combobox', { name: 'Người' });
      await person.fill('admin@e2e');
      await page.getByRole('option', { name: /admin@e2e\.test/ }).click();
      await page.getByRole('combobox', { name: 'Loại bản ghi' }).click();
      await page.getByRole('option', { name: 'Tài khoản', exact: true }).click();
      const main = page.getByRole('main');
      // The account's making and its correction both name it: before → after.
      await expect(main.getByText(`Nhat Ky ${stamp}`).first()).toBeVisible();
      await expect(main.getByText(`Nhật Ký ${stamp}`).first()).toBeVisible();
      await expect(main.getByText('Sửa tài khoản').first()).toBeVisible();

      // The export: the filtered log as a workbook.
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Xuất' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const bytes = await fs.readFile(await download.path());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');

      // The account's own history, from its details dialog.
      await page.goto('/students');
      await page.getByRole('row', { name: new RegExp(`Nhật Ký ${stamp}`) }).click();
      const details = page.getByRole('dialog', { name: 'Thông tin tài khoản' });
      await details.getByRole('button', { name: 'Lịch sử' }).click();
      const history = page.getByRole('dialog', { name: 'Lịch sử thay đổi' });
      await expect(history.getByText('Sửa tài khoản')).toBeVisible();
      await expect(history.getByText('Tạo tài khoản')).toBeVisible();
      await expect(history.getByText(`Nhat Ky ${stamp}`).first()).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
    });
  });
}

test('staff read no history: the details dialog offers none and the Audit page is refused', async ({
  page,
  app,
  signIn,
}) => {
  const stamp = Date.now() % 100000;
  await app.account('student', { full_name: `Khong Lich Su ${stamp}` });
  await signIn(page, await app.account('staff'), '/students');
  await page.getByRole('row', { name: new RegExp(`Khong Lich Su ${stamp}`) }).click();
  const details = page.getByRole('dialog', { name: 'Thông tin tài khoản' });
  await expect(details.getByRole('row', { name: /Họ và tên/ })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Lịch sử' })).toHaveCount(0);
  await page.goto('/audit');
  await expect(page.getByRole('alert')).toContainText('Truy cập bị từ chối');
  await expect(page.getByRole('heading', { name: 'Nhật ký thay đổi' })).toHaveCount(0);
});
