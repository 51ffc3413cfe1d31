// First passwords: one that was never used stops working after 72
// hours and the sign-in page says what to do; an admin or staff member issues a new one from the
// account's details, shown once with a copy button.
import { expect, test, uniqueEmail } from './fixtures.ts';

test('staff issue a new first password from the details dialog; it signs in once and must be changed', async ({
  page,
  browser,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  const email = uniqueEmail('forgot');
  await admin.post('/api/users', { email, full_name: 'Trò Quên Mật Khẩu', role: 'student' });
  await signIn(page, await app.account('staff'), '/students');
  await page.getByRole('row', { name: /Trò Quên Mật Khẩu/ }).click();
  const detail = page.getByRole('dialog', { name: 'Thông tin tài khoản' });
  await detail.getByRole('button', { name: 'Cấp mật khẩu mới' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cấp mật khẩu mới' });
  await expect(confirm).toContainText(`Cấp mật khẩu mới cho ${email}?`);
  await confirm.getByRole('button', { name: 'Cấp mật khẩu mới' }).click();
  await expect(detail.getByRole('status')).toContainText(`Mật khẩu mới của ${email}:`);
  const password = (await detail.getByTestId('generated-password').textContent())!;
  expect(password).toMatch(/^\d{6}$/);
  await expect(detail.getByRole('button', { name: 'Sao chép' })).toBeVisible();
  // Shown once: reopening the account shows the button again, not the password.
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await page.getByRole('row', { name: /Trò Quên Mật Khẩu/ }).click();
  await expect(detail.getByTestId('generated-password')).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Cấp mật khẩu mới' })).toBeVisible();

  const other = await browser.newContext();
  const studentPage = await other.newPage();
  await studentPage.goto(`${app.baseUrl}/login`);
  await studentPage.getByLabel('Email').fill(email);
  await studentPage.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(password);
  await studentPage.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(studentPage.getByRole('heading', { name: 'Đổi mật khẩu lần đầu' })).toBeVisible();
  await other.close();
});

test('a first password unused for 72 hours is refused, with what to do', async ({ page, app }) => {
  const admin = await app.admin();
  const email = uniqueEmail('late');
  const created = await admin.post('/api/users', { email, full_name: 'Trò Muộn', role: 'student' });
  await app.setServerTime(new Date(Date.now() + 73 * 3_600_000).toISOString());
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(created.body.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(
    page.getByText(
      'Mật khẩu lần đầu đã hết hạn (sau 72 giờ). Vui lòng liên hệ quản trị viên hoặc nhân viên trung tâm để được cấp mật khẩu mới.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
