// People's details corrected from their details dialog (issue 26, point 3): staff correct a
// student's name and phone; the admin changes a role (a teacher's classes handed over first); in
// English the role names are English. At a desk's width and a phone's.
import type { Page } from '@playwright/test';
import { createAccount } from '../helpers/factories.ts';
import { createClass } from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from './pages/dialogs.ts';

/** Text matched literally inside a RegExp. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page is no wider than the screen: nothing pushed off to the side. */
async function fitsTheWidth(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('staff correct a student’s name and phone in the details dialog', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = `${width}-${Date.now() % 100000}`;
      await app.account('student', { full_name: `Tran Thi Mai ${stamp}` });
      await signIn(page, await app.account('staff'), '/students');
      await page.getByRole('row', { name: new RegExp(`Tran Thi Mai ${stamp}`) }).click();
      const details = page.getByRole('dialog', { name: 'Thông tin tài khoản' });
      await expect(details.getByRole('row', { name: /Số điện thoại/ })).toContainText('Chưa có');
      await expect(details.getByRole('row', { name: /Vai trò/ })).toContainText('Học viên');
      await details.getByRole('button', { name: 'Sửa thông tin' }).click();

      const form = page.getByRole('dialog', { name: `Sửa thông tin của Tran Thi Mai ${stamp}` });
      // Staff see the role, not a way to change it.
      await expect(form).toContainText('Chỉ admin mới có thể đổi vai trò.');
      await expect(form.getByRole('combobox', { name: 'Vai trò' })).toHaveCount(0);
      await form.getByRole('textbox', { name: 'Họ và tên' }).fill(`Trần Thị Mai ${stamp}`);
      const phone = form.getByRole('textbox', { name: 'Số điện thoại' });
      await phone.fill('12345');
      await form.getByRole('button', { name: 'Lưu' }).click();
      await expect(form).toContainText(
        'Số điện thoại không hợp lệ. Ví dụ: 0912 345 678 hoặc +84 912 345 678.',
      );
      await phone.fill('0912.345.678');
      await fitsTheWidth(page, width);
      await form.getByRole('button', { name: 'Lưu' }).click();
      await expectToast(page, 'Đã cập nhật thông tin tài khoản.');

      // The details show what was saved, the phone as people read it.
      await expect(details.getByRole('row', { name: /Họ và tên/ })).toContainText(
        `Trần Thị Mai ${stamp}`,
      );
      await expect(details.getByRole('row', { name: /Số điện thoại/ })).toContainText(
        '0912 345 678',
      );
      await fitsTheWidth(page, width);
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();
      await expect(
        page.getByRole('row', { name: new RegExp(`Trần Thị Mai ${stamp}`) }),
      ).toBeVisible();
    });

    test('the admin changes a teacher to staff once the teacher’s classes are handed over', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = `${width}-${Date.now() % 100000}`;
      const admin = await app.admin();
      const leaving = await createAccount(app, admin, 'teacher', {
        full_name: `Thầy Đổi ${stamp}`,
      });
      await createAccount(app, admin, 'teacher', { full_name: `Cô Nhận ${stamp}` });
      await createClass(admin, leaving.user.user_id, {
        class_name: `Lớp Đổi ${stamp}`,
        default_venue: 'link',
        meeting_link: 'https://meet.example.com/x',
      });
      await signIn(page, await app.account('admin'), '/teachers');
      await page.getByRole('row', { name: new RegExp(`Thầy Đổi ${stamp}`) }).click();
      const details = page.getByRole('dialog', { name: 'Thông tin tài khoản' });
      await details.getByRole('button', { name: 'Sửa thông tin' }).click();

      const form = page.getByRole('dialog', { name: `Sửa thông tin của Thầy Đổi ${stamp}` });
      const role = form.getByRole('combobox', { name: 'Vai trò' });
      await expect(role).toHaveValue('Giáo viên');
      await role.click();
      await page.getByRole('option', { name: 'Nhân viên' }).click();
      await form.getByRole('button', { name: 'Lưu' }).click();
      await expect(form).toContainText(
        'Giáo viên này đang dạy 1 lớp. Hãy chuyển lớp cho giáo viên khác trước khi đổi vai trò.',
      );
      await fitsTheWidth(page, width);

      // The refusal leads to the hand-over.
      await form.getByRole('button', { name: 'Chuyển lớp' }).click();
      const picker = details.getByRole('combobox', { name: 'Chuyển cho giáo viên' });
      await picker.click();
      await picker.fill(`Cô Nhận ${stamp}`);
      await page.getByRole('option', { name: `Cô Nhận ${stamp}` }).click();
      await details.getByRole('button', { name: 'Chuyển lớp' }).click();
      await expectToast(page, `Đã chuyển 1 lớp học cho Cô Nhận ${stamp}.`);
      await expect(details).toContainText(`Thầy Đổi ${stamp} không còn dạy lớp nào.`);
      await details.getByRole('button', { name: 'Quay lại' }).click();

      await role.click();
      await page.getByRole('option', { name: 'Nhân viên' }).click();
      await form.getByRole('button', { name: 'Lưu' }).click();
      await expectToast(page, 'Đã cập nhật thông tin tài khoản.');
      await expect(details.getByRole('row', { name: /Vai trò/ })).toContainText('Nhân viên');
      await fitsTheWidth(page, width);

      // They are on the staff list now, with their role in words.
      await page.goto('/staffs');
      await expect(page.getByRole('row', { name: new RegExp(`Thầy Đổi ${stamp}`) })).toContainText(
        'Nhân viên',
      );
    });

    test('the admin corrects their own e-mail from the admins list and signs in with it', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = `${width}-${Date.now() % 100000}`;
      const me = await app.account('admin', { full_name: `Quản Trị ${stamp}` });
      await signIn(page, me, '/staffs');
      // The segmented control's options are labels over hidden radio buttons.
      await page
        .locator('label')
        .filter({ hasText: /^Quản trị viên$/ })
        .click();
      await expect(page.getByRole('radio', { name: 'Quản trị viên' })).toBeChecked();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quản lý quản trị viên');
      const row = page.getByRole('row', { name: new RegExp(`Quản Trị ${stamp}`) });
      // One's own account is not deleted from here.
      await expect(row.getByRole('button', { name: /^Xóa/ })).toHaveCount(0);
      await row.click();
      const details = page.getByRole('dialog', { name: 'Thông tin tài khoản' });
      await details.getByRole('button', { name: 'Sửa thông tin' }).click();
      const form = page.getByRole('dialog', { name: `Sửa thông tin của Quản Trị ${stamp}` });
      const newEmail = `moi-${stamp}@example.com`;
      await form.getByRole('textbox', { name: 'Email' }).fill(newEmail.toUpperCase());
      await fitsTheWidth(page, width);
      await form.getByRole('button', { name: 'Lưu' }).click();
      await expectToast(page, 'Đã cập nhật thông tin tài khoản.');
      await expect(details.getByRole('row', { name: /Email/ })).toContainText(newEmail);

      // The next sign-in takes the new e-mail; the notification says so.
      await page.context().clearCookies();
      await signIn(page, { email: newEmail, password: me.password });
      const told = await me.client.get('/api/notifications');
      expect(told.body.items.map((n: { type: string }) => n.type)).toContain('email_changed');
      // The bell sits in the right sidebar at a desk's width (the phone's header is point 6's).
      if (width === 1366) {
        await page.getByRole('button', { name: 'Thông báo (1 thông báo chưa đọc)' }).click();
        await expect(
          page.getByRole('region', { name: 'Thông báo' }).getByTestId('notification-item'),
        ).toHaveText([
          new RegExp(
            `Email đăng nhập của bạn đã được đổi.*từ ${escaped(me.email)} sang ${escaped(newEmail)}`,
          ),
        ]);
      }
    });

    test('staff import teachers with a phone column: guessed, previewed as people read it, a wrong one marked', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = `${width}-${Date.now() % 100000}`.replace('-', '');
      const csv = [
        'Họ và tên;Email;Số điện thoại',
        `Cô Hạnh ${stamp};hanh${stamp}@import.test;+84 912 345 678`,
        `Thầy Bảo ${stamp};bao${stamp}@import.test;12345`,
      ].join('\r\n');
      await signIn(page, await app.account('staff'), '/teachers');
      await page.getByRole('button', { name: 'Nhập từ tệp' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nhập tài khoản từ tệp' });
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'giao-vien.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`\uFEFF${csv}`),
      });
      await expect(
        dialog.getByRole('combobox', { name: 'Cột số điện thoại (không bắt buộc)' }),
      ).toHaveValue('Số điện thoại');
      await fitsTheWidth(page, width);
      await dialog.getByRole('button', { name: 'Xem trước' }).click();
      await expect(dialog.getByText('Số điện thoại không hợp lệ: 1')).toBeVisible();
      await expect(dialog.getByTestId('import-row')).toHaveText([
        new RegExp(`1Cô Hạnh ${stamp}.*0912 345 678Tạo mới`),
        new RegExp(`2Thầy Bảo ${stamp}.*12345Số điện thoại không hợp lệ`),
      ]);
      await dialog.getByRole('button', { name: 'Nhập 1 tài khoản' }).click();
      await expect(dialog.getByText(/Đã nhập: 1 tài khoản mới/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Đóng' }).click();

      await page.getByRole('row', { name: new RegExp(`Cô Hạnh ${stamp}`) }).click();
      const details = page.getByRole('dialog', { name: 'Thông tin tài khoản' });
      await expect(details.getByRole('row', { name: /Số điện thoại/ })).toContainText(
        '0912 345 678',
      );
    });

    test('in English, role names are English words, never the stored ones', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = `${width}-${Date.now() % 100000}`;
      const admin = await app.account('admin', { full_name: `Admin ${stamp}` });
      expect((await admin.client.put('/api/profile/language', { language: 'en' })).status).toBe(
        200,
      );
      await app.account('staff', { full_name: `Staff Member ${stamp}` });
      await signIn(page, admin);
      await expect(page.getByRole('heading', { name: `Hello, Admin ${stamp}!` })).toBeVisible();
      await page.goto('/staffs');
      const row = page.getByRole('row', { name: new RegExp(`Staff Member ${stamp}`) });
      const roleCell = row.getByRole('cell').filter({ hasText: /^Staff$/ });
      await expect(roleCell).toHaveCount(1);
      await row.click();
      const details = page.getByRole('dialog', { name: 'Account details' });
      await expect(details.getByRole('row', { name: /Role/ })).toHaveText(/RoleStaff$/);
      await details.getByRole('button', { name: 'Edit details' }).click();
      const form = page.getByRole('dialog', { name: `Edit the details of Staff Member ${stamp}` });
      await form.getByRole('combobox', { name: 'Role' }).click();
      await expect(page.getByRole('option')).toHaveText([
        'Admin',
        'Staff',
        'Teacher',
        'Student',
        'Parent',
      ]);
      await fitsTheWidth(page, width);
    });
  });
}
