// Issue 26 points 2 and 4 in the browser: the 'Users' card's choices and the chat panel's, the
// 'Security' card's sessions and sign-in limits, one's own sessions in the profile dialog, at a
// desk and on a phone.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectToast } from './pages/dialogs.ts';

// These stories change center-wide settings: one after another, and put back after each.
test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ app }) => {
  const admin = await app.admin();
  const reply = await admin.patch('/api/center-settings/options', {
    new_user_language: null,
    first_password_hours: 72,
    staff_may_export: true,
    chat_panel_shown: true,
  });
  expect(reply.status, reply.text).toBe(200);
});

/** Opens the profile dialog (on a phone from the user menu's drawer). */
async function openProfile(page: Page, width: number) {
  if (width < 500) await page.getByRole('button', { name: 'Mở menu người dùng' }).click();
  await page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hồ sơ cá nhân' });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the admin sets the Users card: English for new accounts, 48 hours, no exports by staff; staff see no export buttons', async ({
      page,
      app,
      signIn,
      browser,
    }) => {
      await signIn(page, await app.account('admin'), '/settings');
      await page.getByRole('button', { name: 'Mở Người dùng' }).click();
      const dialog = page.getByRole('dialog', { name: 'Người dùng' });
      const hours = dialog.getByRole('textbox', { name: 'Thời hạn mật khẩu lần đầu (giờ)' });
      await expect(hours).toHaveValue('72');
      await expect(dialog.getByRole('radio', { name: 'Theo trình duyệt' })).toBeChecked();
      const exports = dialog.getByRole('switch', {
        name: 'Nhân viên được xuất danh sách (CSV, Excel)',
      });
      await expect(exports).toBeChecked();

      await hours.fill('0');
      await dialog.getByRole('button', { name: 'Lưu' }).click();
      await expect(hours).toHaveAccessibleDescription(
        /Thời hạn mật khẩu lần đầu phải từ 1 đến 720 giờ\./,
      );
      await hours.fill('48');
      await dialog.getByText('English').click();
      await exports.click({ force: true });
      await dialog.getByRole('button', { name: 'Lưu' }).click();
      await expectToast(page, 'Đã lưu cài đặt.');
      await expect(dialog).toBeHidden();

      // Saved: the dialog opens on them again.
      await page.getByRole('button', { name: 'Mở Người dùng' }).click();
      await expect(hours).toHaveValue('48');
      await expect(dialog.getByRole('radio', { name: 'English' })).toBeChecked();
      await expect(exports).not.toBeChecked();
      await page.keyboard.press('Escape');

      // A staff account made now starts in English, and sees no export buttons (the server
      // refuses them too).
      const context = await browser.newContext({
        baseURL: app.baseUrl,
        viewport: { width, height: 900 },
      });
      const staffPage = await context.newPage();
      const staff = await app.account('staff');
      await signIn(staffPage, staff);
      // The app starts again in the account's language once it knows it.
      await staffPage.waitForFunction(() => localStorage.getItem('edu:lang') === 'en');
      await expect(async () => {
        await staffPage.goto('/students');
        await expect(staffPage.getByRole('button', { name: 'Import from file' })).toBeVisible({
          timeout: 3_000,
        });
      }).toPass();
      await expect(staffPage.getByText('Export CSV')).toHaveCount(0);
      await expect(staffPage.getByText('Export Excel')).toHaveCount(0);
      expect((await staff.client.get('/api/users/export?role=student')).status).toBe(403);
      await context.close();
    });

    test('the admin hides the chat panel for everyone and shows it again', async ({
      page,
      app,
      signIn,
    }) => {
      await signIn(page, await app.account('admin'), '/settings');
      const chat = page.getByRole('log', { name: 'CHAT BOT AI' });
      // On a phone the right sidebar (profile, chat) is a drawer of the user menu.
      const openSidebar = async () => {
        if (width < 500) await page.getByRole('button', { name: 'Mở menu người dùng' }).click();
      };
      const closeSidebar = async () => {
        if (width >= 500) return;
        await page.keyboard.press('Escape');
        await expect(page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' })).toBeHidden();
      };
      await openSidebar();
      await expect(chat).toBeVisible();
      await closeSidebar();
      const toggle = page.getByRole('switch', { name: 'Hiển thị khung CHAT BOT AI' });
      await expect(toggle).toBeChecked();
      await toggle.click({ force: true });
      await expectToast(page, 'Đã lưu cài đặt.');
      await expect(toggle).not.toBeChecked();
      await openSidebar();
      await expect(page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' })).toBeVisible();
      await expect(chat).toHaveCount(0);
      await closeSidebar();
      await toggle.click({ force: true });
      await expect(toggle).toBeChecked();
      await openSidebar();
      await expect(chat).toBeVisible();
    });

    test("the admin reads the sign-in limits and ends a teacher's session from the Security card", async ({
      page,
      app,
      signIn,
    }) => {
      const teacher = await app.account('teacher', { full_name: `Cô Lan ${width}` });
      await signIn(page, await app.account('admin'), '/settings');
      await page.getByRole('button', { name: 'Mở Bảo mật' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bảo mật' });
      const limits = dialog.getByRole('list', { name: 'Giới hạn đăng nhập đang áp dụng' });
      await expect(limits).toContainText(
        'Sau 5 lần sai mật khẩu của một email từ cùng một địa chỉ trong 15 phút',
      );
      await expect(limits).toContainText('Đổi mật khẩu cần mật khẩu hiện tại');
      const sessions = dialog.getByRole('list', { name: 'Phiên đăng nhập đang hoạt động' });
      const teachers = sessions.getByRole('listitem').filter({ hasText: `Cô Lan ${width}` });
      await expect(teachers).toHaveCount(1);
      // The admin's own session here is marked, with the browser it runs in.
      await expect(sessions.getByRole('listitem').filter({ hasText: 'Phiên này' })).toContainText(
        'Chrome',
      );
      expect((await teacher.client.get('/api/auth/session')).status).toBe(200);
      await teachers.getByRole('button', { name: /^Kết thúc phiên của Cô Lan/ }).click();
      await expectToast(page, 'Đã kết thúc phiên đăng nhập.');
      await expect(teachers).toHaveCount(0);
      expect((await teacher.client.get('/api/auth/session')).status).toBe(401);
      // Nothing pushes the page sideways on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test('a teacher sees their sessions in the profile dialog and signs out of the other devices', async ({
      page,
      app,
      signIn,
    }) => {
      const teacher = await app.account('teacher');
      await signIn(page, teacher);
      const dialog = await openProfile(page, width);
      const sessions = dialog.getByRole('list', { name: 'Phiên đăng nhập của bạn' });
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await expect(sessions.getByRole('listitem').filter({ hasText: 'Phiên này' })).toContainText(
        'Địa chỉ IP:',
      );
      await dialog.getByRole('button', { name: 'Đăng xuất khỏi các thiết bị khác' }).click();
      await expectToast(page, 'Đã kết thúc 1 phiên đăng nhập khác.');
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      await expect(dialog.getByText('Không có phiên nào khác.')).toBeVisible();
      await expect(
        dialog.getByRole('button', { name: 'Đăng xuất khỏi các thiết bị khác' }),
      ).toBeDisabled();
      expect((await teacher.client.get('/api/auth/session')).status).toBe(401);
      expect((await page.request.get('/api/auth/session')).status()).toBe(200);
    });
  });
}
