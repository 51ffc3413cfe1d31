// E-mail and 'Quên mật khẩu?' in the browser (issue 29 points 4 and 5): the admin fills Settings →
// Notifications and sends a test message, which this test's own SMTP server receives; a person
// who forgot their password asks for a link on the phone, receives it, sets a new password and
// signs in with it. Without e-mail set up, the page says to ask the staff.
import { smtpSettingsBody, startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { ADMIN, expect, test } from './fixtures.ts';

// Center-wide settings: one after the other.
test.describe.configure({ mode: 'serial' });

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startTestSmtp();
});
test.afterAll(async ({ app }) => {
  // The worker's server is shared with other files: e-mail off again.
  const admin = await app.admin();
  await admin.put('/api/email/settings', { ...smtpSettingsBody(smtp), host: '' });
  await smtp.close();
});

test('without e-mail set up, a forgotten password is for the staff (phone)', async ({
  page,
  app,
}) => {
  const admin = await app.admin();
  await admin.put('/api/email/settings', { ...smtpSettingsBody(smtp), host: '' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Quên mật khẩu' })).toBeVisible();
  await expect(page.getByText(/Vui lòng liên hệ nhân viên trung tâm/)).toBeVisible();
  await page.getByRole('link', { name: 'Quay lại đăng nhập' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin sets up e-mail in Settings → Notifications and a test message arrives', async ({
  page,
  signIn,
}) => {
  await signIn(page, ADMIN, '/settings');
  await page.getByRole('button', { name: 'Mở Thông báo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thông báo qua email' });
  await dialog.getByLabel('Máy chủ SMTP').fill('127.0.0.1');
  await dialog.getByLabel('Cổng').fill(String(smtp.port));
  await dialog.getByText('Không', { exact: true }).click();
  await dialog.getByLabel('Mật khẩu SMTP').fill('not-needed-here');
  await dialog.getByLabel('Địa chỉ gửi').fill('center@edu.test');
  await dialog.getByLabel('Tên người gửi').fill('Edu Center');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã lưu cài đặt email.')).toBeVisible();
  // The password is never shown again: only that it is set.
  await expect(dialog.getByText('Đã đặt. Để trống để giữ nguyên.')).toBeVisible();
  await expect(dialog.getByLabel('Mật khẩu SMTP')).toHaveValue('');

  const before = smtp.received.length;
  await expect(dialog.getByLabel('Gửi tới')).toHaveValue('admin@e2e.test');
  await dialog.getByLabel('Gửi tới').fill('office@edu.test');
  await dialog.getByRole('button', { name: 'Gửi thư thử' }).click();
  await expect(dialog.getByText('Đã gửi thư thử tới office@edu.test.')).toBeVisible();
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  expect(mail!.to).toEqual(['office@edu.test']);
  expect(mail!.subject).toContain('Thư thử');

  // A refusal is told in words.
  smtp.refuse = 'Relay access denied';
  await dialog.getByRole('button', { name: 'Gửi thư thử' }).click();
  await expect(dialog.getByText(/Máy chủ SMTP từ chối thư: .*Relay access denied/)).toBeVisible();
  smtp.refuse = null;
  await dialog.getByRole('button', { name: 'Hủy' }).click();
  await expect(page.getByText(`Đang gửi qua 127.0.0.1`)).toBeVisible();
});

test('a forgotten password: the reset e-mail arrives, its link sets a new password, sign-in works (phone)', async ({
  page,
  app,
}) => {
  const admin = await app.admin();
  const saved = await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  expect(saved.status, saved.text).toBe(200);
  const person = await app.account('student', { full_name: 'Lê Minh Châu' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
  const before = smtp.received.length;
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Gửi liên kết' }).click();
  await expect(
    page.getByText('Nếu địa chỉ này có tài khoản, chúng tôi đã gửi liên kết đặt lại mật khẩu.'),
  ).toBeVisible();

  // The job sends it within seconds.
  const mails = await smtp.waitFor(before + 1, 30_000);
  const mail = mails.slice(before).find((m) => m.to[0] === person.email)!;
  expect(mail.text).toContain('Chào Lê Minh Châu');
  const link = /https?:\/\/\S+\/reset-password#[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.hash}`);
  await expect(page.getByRole('heading', { name: 'Đặt mật khẩu mới' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Mật khẩu mới', exact: true }).fill('my-new-password');
  await page
    .getByRole('textbox', { name: 'Nhập lại mật khẩu mới', exact: true })
    .fill('my-new-password');
  await page.getByRole('button', { name: 'Đặt mật khẩu' }).click();
  await expect(page.getByText('Đã đặt mật khẩu mới. Vui lòng đăng nhập.')).toBeVisible();

  // The link works once (opened again as from the e-mail: a fresh load).
  await page.goto('/login');
  await page.goto(`${url.pathname}${url.hash}`);
  await page.getByRole('textbox', { name: 'Mật khẩu mới', exact: true }).fill('another-password');
  await page
    .getByRole('textbox', { name: 'Nhập lại mật khẩu mới', exact: true })
    .fill('another-password');
  await page.getByRole('button', { name: 'Đặt mật khẩu' }).click();
  await expect(page.getByText(/Liên kết đặt lại mật khẩu không hợp lệ/)).toBeVisible();

  // Sign in with the new password.
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill('my-new-password');
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a person turns one kind of e-mail off in their profile, and the choice is kept', async ({
  page,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  await admin.put('/api/email/settings', smtpSettingsBody(smtp));
  const person = await app.account('student');
  await signIn(page, person);
  await page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hồ sơ cá nhân' });
  const choices = dialog.getByRole('group', { name: 'Nhận thông báo qua email' });
  await expect(choices.getByText(person.email, { exact: false })).toBeVisible();
  const invoices = choices.getByRole('switch', { name: 'Hoá đơn học phí mới' });
  await expect(invoices).toBeChecked();
  await invoices.click({ force: true });
  await expect(page.getByText('Đã lưu lựa chọn nhận email.')).toBeVisible();
  await expect(invoices).not.toBeChecked();
  const saved = await person.client.get('/api/profile/email-preferences');
  expect(
    saved.body.items.find((item: { type: string }) => item.type === 'invoice_issued'),
  ).toMatchObject({ enabled: false, own: false, center_default: true });
});
