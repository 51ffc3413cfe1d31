import { GIF_1x1, oversizedPng, PNG_1x1 } from '../helpers/images.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from './pages/dialogs.ts';

test.describe('the profile modal', () => {
  let password = '';
  test.beforeEach(async ({ page, app, signIn }) => {
    const account = await app.account('teacher', { full_name: 'Thầy Minh' });
    password = account.password;
    await signIn(page, account);
    await page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' }).click();
    await expect(page.getByRole('dialog', { name: 'Hồ sơ cá nhân' })).toBeVisible();
  });

  test('the email is read-only and the name can be changed', async ({ page }) => {
    const dialog = page.getByRole('dialog', { name: 'Hồ sơ cá nhân' });
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
    const name = dialog.getByRole('textbox', { name: 'Họ và tên' });
    await name.fill('');
    await dialog.getByRole('button', { name: 'Lưu thông tin' }).click();
    await expect(dialog.getByText('Vui lòng nhập họ và tên.')).toBeVisible();
    await name.fill('Thầy Minh Nguyễn');
    await dialog.getByRole('button', { name: 'Lưu thông tin' }).click();
    await expectToast(page, 'Thông tin profile đã được cập nhật thành công.');
    await expect(page.getByTestId('profile-name')).toHaveText('Thầy Minh Nguyễn');
    await page.reload();
    await expect(page.getByTestId('profile-name')).toHaveText('Thầy Minh Nguyễn');
  });

  test('a PNG avatar is uploaded and shown', async ({ page }) => {
    await page
      .getByLabel('Ảnh đại diện')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1x1 });
    await expectToast(page, 'Avatar đã được cập nhật thành công.');
    await expect(page.getByRole('img', { name: 'Thầy Minh' }).first()).toHaveAttribute(
      'src',
      /\/files\/avatars\/.+\/avatar-\d+\.png$/,
    );
  });

  test('a GIF avatar is refused in the browser with the format message', async ({ page }) => {
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/profile/avatar')) uploads++;
    });
    await page
      .getByLabel('Ảnh đại diện')
      .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: GIF_1x1 });
    await expect(page.getByText('Lỗi định dạng')).toBeVisible();
    await expect(
      page.getByText('Chỉ chấp nhận file ảnh định dạng JPEG, PNG hoặc WebP.'),
    ).toBeVisible();
    expect(uploads).toBe(0);
  });

  test('an avatar over 5 MB is refused with the size message', async ({ page }) => {
    await page
      .getByLabel('Ảnh đại diện')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: oversizedPng() });
    await expect(page.getByText('File quá lớn')).toBeVisible();
    await expect(page.getByText('Kích thước file không được vượt quá 5MB.')).toBeVisible();
  });

  test('a file that claims to be a PNG but is not is refused by the server', async ({ page }) => {
    await page.getByLabel('Ảnh đại diện').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html>not an image</html>'),
    });
    await expect(page.getByText('Lỗi upload')).toBeVisible();
    await expect(
      page.getByText('Chỉ chấp nhận file ảnh định dạng JPEG, PNG hoặc WebP.'),
    ).toBeVisible();
  });

  test('the password is changed with the current one and the three rules', async ({ page }) => {
    const dialog = page.getByRole('dialog', { name: 'Hồ sơ cá nhân' });
    const submit = dialog.getByRole('button', { name: 'Đổi mật khẩu' });
    const current = dialog.getByLabel('Mật khẩu hiện tại', { exact: true });
    await submit.click();
    await expect(current).toHaveAccessibleDescription('Vui lòng nhập mật khẩu hiện tại');
    await expect(dialog.getByText('Vui lòng nhập đầy đủ mật khẩu mới.')).toBeVisible();
    await current.fill('not-my-password');
    await dialog.getByRole('textbox', { name: 'Mật khẩu mới', exact: true }).fill('12345');
    await dialog.getByRole('textbox', { name: 'Xác nhận mật khẩu mới' }).fill('12345');
    await submit.click();
    await expect(dialog.getByText('Mật khẩu mới phải có ít nhất 6 ký tự.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Mật khẩu mới', exact: true }).fill('new-pass-1');
    await dialog.getByRole('textbox', { name: 'Xác nhận mật khẩu mới' }).fill('new-pass-2');
    await submit.click();
    await expect(dialog.getByText('Mật khẩu xác nhận không khớp.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Xác nhận mật khẩu mới' }).fill('new-pass-1');
    await submit.click();
    // A wrong current password is refused under its field, and nothing changes.
    await expect(current).toHaveAccessibleDescription('Mật khẩu hiện tại không đúng');
    await current.fill(password);
    await submit.click();
    await expectToast(page, 'Mật khẩu đã được thay đổi thành công.');
  });
});
