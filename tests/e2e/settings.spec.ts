import type { Browser, Page } from '@playwright/test';
import { PNG_1x1 } from '../helpers/images.ts';
import { type AppServer, expect, test } from './fixtures.ts';
import { confirmIn } from './pages/dialogs.ts';

// These stories change center-wide settings: run them one after another.
test.describe.configure({ mode: 'serial' });

async function signedInPage(browser: Browser, app: AppServer, role: 'admin' | 'student' | 'staff') {
  const account = await app.account(role);
  const context = await browser.newContext({ baseURL: app.baseUrl });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, context };
}

const primary6 = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-primary-6').trim(),
  );

test('the settings page for an admin: title, theme chip and thirteen cards, every one open', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('admin'), '/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cài Đặt Hệ Thống');
  await expect(page.getByText('Quản lý theme và cấu hình hệ thống của trung tâm')).toBeVisible();
  await expect(page.getByTestId('theme-chip')).toContainText('Theme:');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Thông tin trung tâm',
    'Quản lý Theme',
    'Phòng học',
    'Ngày nghỉ',
    'Zoom',
    'Bản ghi buổi học',
    'Tài khoản ngân hàng',
    'Người dùng',
    'Bảo mật',
    'Webhook ngân hàng',
    'Học bù',
    'Thông báo',
    'Hệ thống',
  ]);
  await expect(page.getByText('Sắp có')).toHaveCount(0);
  // 'Hệ thống' holds the backups (issue 30): no card is a placeholder any more.
  await expect(page.getByText(/^Sẽ gồm:/)).toHaveCount(0);
  // 'Thông báo' holds the e-mail settings (issue 29, tests/e2e/email.spec.ts).
  await expect(page.getByRole('button', { name: 'Mở Thông báo' })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Hệ thống' })).toContainText('Sao lưu ngay');
  await expect(page.getByRole('button', { name: 'Mở Người dùng' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Mở Bảo mật' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Mở Thông tin trung tâm' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Mở Phòng học' })).toBeEnabled();
  // The closed days have a page of their own: the card opens it.
  await page.getByRole('button', { name: 'Mở Ngày nghỉ' }).click();
  await expect(page).toHaveURL(/\/closed-days$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ngày nghỉ');
});

test('the settings page for staff is the access-denied panel', async ({ page, app, signIn }) => {
  await signIn(page, await app.account('staff'), '/settings');
  await expect(page.getByRole('alert')).toContainText('Truy cập bị từ chối');
  await expect(page.getByRole('alert')).toContainText(
    'Chỉ Admin mới có quyền truy cập trang cài đặt này.',
  );
  await expect(page.getByRole('heading', { name: 'Cài Đặt Hệ Thống' })).toHaveCount(0);
});

test('a new center name and logo show at once in another open tab and in its title', async ({
  browser,
  app,
}) => {
  const admin = await signedInPage(browser, app, 'admin');
  const student = await signedInPage(browser, app, 'student');
  const name = `Trung tâm ${Date.now() % 100000}`;

  await admin.page.goto('/settings');
  await admin.page.getByRole('button', { name: 'Mở Thông tin trung tâm' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Thông tin trung tâm' });
  await dialog.getByRole('textbox', { name: 'Tên trung tâm' }).fill('');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Tên trung tâm' })).toHaveAccessibleDescription(
    'Vui lòng nhập tên trung tâm',
  );
  await dialog
    .getByLabel('Logo')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(dialog.getByRole('alert')).toHaveText('Vui lòng chọn file ảnh hợp lệ.');
  await dialog
    .getByLabel('Logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await dialog.getByRole('textbox', { name: 'Tên trung tâm' }).fill(name);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Cập nhật thông tin trung tâm thành công!')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 4_000 });

  await expect(student.page.getByTestId('sidebar-center-name')).toHaveText(name);
  await expect(student.page).toHaveTitle(`${name} - Dashboard`);
  await expect(student.page.locator('#app-favicon')).toHaveAttribute(
    'href',
    /\/files\/logos\/logo-\d+\.png$/,
  );
  await expect(admin.page).toHaveTitle(`${name} - Dashboard`);
  await admin.context.close();
  await student.context.close();
});

test('themes: create with validation, edit, apply (re-colouring another tab live), and the delete rules', async ({
  browser,
  app,
}) => {
  const admin = await signedInPage(browser, app, 'admin');
  const watcher = await signedInPage(browser, app, 'staff');
  const page = admin.page;
  const themeName = `Hoàng hôn ${Date.now() % 100000}`;

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Mở Quản lý Theme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quản lý Theme' });
  await dialog.getByRole('button', { name: 'Tạo theme mới' }).click();
  const form = page.getByRole('dialog', { name: 'Tạo theme mới' });
  const nameInput = form.getByRole('textbox', { name: 'Tên theme' });
  await form.getByRole('button', { name: 'Lưu theme' }).click();
  await expect(nameInput).toHaveAccessibleDescription('Vui lòng nhập tên theme');
  await nameInput.fill('ab');
  await form.getByRole('button', { name: 'Lưu theme' }).click();
  await expect(nameInput).toHaveAccessibleDescription('Tên theme phải có ít nhất 3 ký tự');
  await nameInput.fill('default blue');
  await form.getByRole('button', { name: 'Lưu theme' }).click();
  await expect(nameInput).toHaveAccessibleDescription(
    'Tên theme đã tồn tại, vui lòng chọn tên khác',
  );

  // New themes start from the default colours; each colour code is under 'Nâng cao'.
  await form.getByRole('button', { name: 'Nâng cao' }).click();
  await expect(form.getByRole('textbox', { name: 'primary_500' })).toHaveValue('#3b82f6');
  await nameInput.fill(themeName);
  await form.getByRole('textbox', { name: 'primary_600' }).fill('#aa0000');
  await form.getByRole('tab', { name: 'Background' }).click();
  await expect(form.getByRole('textbox', { name: 'bg_secondary' })).toHaveValue('#f8fafc');
  await form.getByRole('button', { name: 'Lưu theme' }).click();
  await expect(page.getByText(`Đã tạo theme ${themeName}.`)).toBeVisible();

  const card = dialog.getByTestId('theme-card').filter({ hasText: themeName });
  await card.getByRole('button', { name: `Sửa ${themeName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Chỉnh sửa theme' });
  await edit.getByRole('textbox', { name: 'Mô tả' }).fill('Cam và đỏ');
  await edit.getByRole('button', { name: 'Lưu theme' }).click();
  await expect(card).toContainText('Cam và đỏ');

  const before = await primary6(watcher.page);
  expect(before).not.toBe('#aa0000');
  await card.getByRole('button', { name: `Áp dụng ${themeName}` }).click();
  await expect(card).toContainText('Đang dùng');
  await expect.poll(() => primary6(watcher.page)).toBe('#aa0000');
  await expect.poll(() => primary6(page)).toBe('#aa0000');

  // The active theme and the default theme cannot be deleted, and say why.
  await expect(
    card.getByRole('button', { name: /Xóa .*Không thể xóa theme đang được sử dụng/ }),
  ).toBeDisabled();
  const defaultCard = dialog.getByTestId('theme-card').filter({ hasText: 'Mặc định' });
  await expect(
    defaultCard.getByRole('button', { name: /Không thể xóa theme mặc định/ }),
  ).toBeDisabled();

  await defaultCard.getByRole('button', { name: /^Áp dụng/ }).click();
  await expect.poll(() => primary6(watcher.page)).toBe(before);
  await card.getByRole('button', { name: `Xóa ${themeName}` }).click();
  await confirmIn(page, 'Xóa theme');
  await expect(page.getByText(`Đã xóa theme ${themeName}.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await admin.context.close();
  await watcher.context.close();
});
