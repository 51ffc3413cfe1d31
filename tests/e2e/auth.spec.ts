import { ADMIN, expect, test } from './fixtures.ts';
import { expectToast } from './pages/dialogs.ts';

test.describe('signing in', () => {
  test('a user signs in and lands on the dashboard with a greeting', async ({
    page,
    app,
    signIn,
  }) => {
    const teacher = await app.account('teacher', { full_name: 'Cô Hạnh' });
    await signIn(page, teacher);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Xin chào, Cô Hạnh!');
  });

  test('an email without @ is refused before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByText('Vui lòng nhập địa chỉ email hợp lệ')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the one sign-in failure message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(`  ${ADMIN.email.toUpperCase()} `);
    await page.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email hoặc mật khẩu không đúng');
  });

  test('the password can be shown and hidden; the forgot link opens its page', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByRole('textbox', { name: 'Mật khẩu', exact: true });
    await password.fill('secret');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Hiện mật khẩu' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ẩn mật khẩu' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    // 'Quên mật khẩu?' works since issue 29 (tests/e2e/email.spec.ts).
    await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('the login page shows the center name, slogan and logo', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Học tiếng Anh, kết nối thế giới')).toBeVisible();
    await expect(page.getByRole('img', { name: /logo/ })).toBeVisible();
  });
});

test.describe('redirects', () => {
  test('a signed-out visitor is sent to /login, and back to the page after signing in', async ({
    page,
    app,
  }) => {
    const admin = await app.account('admin');
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('a signed-in user opening /login or / goes to /dashboard', async ({ page, app, signIn }) => {
    await signIn(page, await app.account('student'), '/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signing out returns to /login and protected pages are closed again', async ({
    page,
    app,
    signIn,
  }) => {
    await signIn(page, await app.account('staff'));
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('first sign-in: an account made by an admin must choose a new password before anything else', async ({
  page,
  app,
}) => {
  const admin = await app.admin();
  const email = `first-${Date.now()}@example.com`;
  const created = await admin.post('/api/users', { email, full_name: 'Lần Đầu', role: 'student' });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(created.body.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();

  await expect(page.getByRole('heading', { name: 'Đổi mật khẩu lần đầu' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const newPassword = page.getByRole('textbox', { name: 'Mật khẩu mới', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Xác nhận mật khẩu mới' });
  const submit = page.getByRole('button', { name: 'Đổi mật khẩu' });

  await submit.click();
  await expect(newPassword).toHaveAccessibleDescription('Vui lòng nhập đầy đủ mật khẩu mới.');
  await newPassword.fill('abc');
  await confirm.fill('abc');
  await submit.click();
  await expect(newPassword).toHaveAccessibleDescription('Mật khẩu mới phải có ít nhất 6 ký tự.');
  await newPassword.fill('abcdef');
  await confirm.fill('abcdeg');
  await submit.click();
  await expect(confirm).toHaveAccessibleDescription('Mật khẩu xác nhận không khớp.');
  await confirm.fill('abcdef');
  await submit.click();
  await expectToast(page, 'Mật khẩu đã được thay đổi thành công.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Xin chào, Lần Đầu!');
});
