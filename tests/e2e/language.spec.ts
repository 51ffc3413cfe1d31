// Vietnamese and English: the login page follows the browser's language; a user switches to
// English in the profile dialog (kept on the server, so it follows them) and back.
import { expect, test } from './fixtures.ts';

test.describe('in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('the login page is in English until the user chooses', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
    await page.getByLabel('Email').fill('nobody');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  });
});

test('a teacher switches to English, sees the app in English in every browser, and switches back', async ({
  page,
  app,
  signIn,
}) => {
  const teacher = await app.account('teacher', { full_name: 'Cô Mai' });
  await signIn(page, teacher);
  await expect(page.getByRole('heading', { name: 'Xin chào, Cô Mai!' })).toBeVisible();
  await page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' }).click();
  await page
    .getByRole('dialog', { name: 'Hồ sơ cá nhân' })
    .getByText('English', { exact: true })
    .click();

  // The app starts again in English.
  await expect(page.getByRole('heading', { name: 'Hello, Cô Mai!' })).toBeVisible();
  await expect(page.getByText('No classes today')).toBeVisible();
  await page.getByRole('link', { name: 'My Classes' }).click();
  await expect(page.getByText('Manage the classes assigned to you')).toBeVisible();
  // Kept on the server: another browser, after signing in, is in English too.
  const other = await page.context().browser()!.newContext({ locale: 'vi-VN' });
  const elsewhere = await other.newPage();
  await elsewhere.goto(`${app.baseUrl}/login`);
  await elsewhere.getByLabel('Email').fill(teacher.email);
  await elsewhere.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(teacher.password);
  await elsewhere.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(elsewhere.getByRole('heading', { name: 'Hello, Cô Mai!' })).toBeVisible();
  await other.close();

  // A server's reply is shown in English too.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Profile' })
    .getByText('Tiếng Việt', { exact: true })
    .click();
  await expect(page.getByText('Quản lý các lớp học được phân công cho bạn')).toBeVisible();
});
