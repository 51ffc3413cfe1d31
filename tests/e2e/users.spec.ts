import { enrol, runningFromToday, teacherWithClass } from '../helpers/school.ts';
import { expect, test, uniqueEmail } from './fixtures.ts';
import { addAccount, confirmIn, expectToast } from './pages/dialogs.ts';

test('an admin creates a staff member and sees the generated password once', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('admin'), '/staffs');
  const email = uniqueEmail('staff');
  const dialog = await addAccount(page, 'Thêm nhân viên', 'Chị Lan', email);
  await expect(
    dialog.getByText(/Tạo tài khoản thành công! Mật khẩu mặc định: \d{6}/),
  ).toBeVisible();
  const password = await dialog.getByTestId('generated-password').textContent();
  expect(password).toMatch(/^\d{6}$/);
  await dialog.getByRole('button', { name: 'Đóng' }).click();
  const row = page.getByRole('row', { name: /Chị Lan/ });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Nhân viên');
  await expect(row).toContainText('Hoạt động');

  await row.click();
  const detail = page.getByRole('dialog', { name: 'Thông tin tài khoản' });
  await expect(detail).toContainText(email);
  await expect(detail).toContainText('Nhân viên');
});

test('staff creates a teacher and a student, and has no way to create staff', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('staff'));
  await page.getByRole('link', { name: 'Teachers' }).click();
  await addAccount(page, 'Thêm giáo viên', 'Thầy Phong', uniqueEmail('teacher'));
  await expect(page.getByText(/Mật khẩu mặc định: \d{6}/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Đóng' }).click();
  // The teachers table has no email column.
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Thầy Phong/ })).toBeVisible();

  await page.getByRole('link', { name: 'Students' }).click();
  await addAccount(page, 'Thêm học viên', 'Bé Na', uniqueEmail('student'));
  await expect(page.getByText(/Mật khẩu mặc định: \d{6}/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Đóng' }).click();
  await expect(page.getByRole('row', { name: /Bé Na/ })).toBeVisible();

  await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await page.goto('/staffs');
  await expect(page.getByRole('alert')).toContainText('Truy cập bị từ chối');
});

test('the add dialog validates before sending and reports a taken email', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('admin'));
  const existing = await app.account('student');
  await page.goto('/students');
  await page.getByRole('button', { name: 'Thêm học viên' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm học viên' });
  const submit = dialog.getByRole('button', { name: 'Tạo tài khoản' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Họ và tên' }).fill('Someone');
  await expect(submit).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    'Email không hợp lệ',
  );
  await dialog.getByRole('textbox', { name: 'Email' }).fill(existing.email.toUpperCase());
  await submit.click();
  // The server's refusal names the field it is about: it is shown under it.
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    `Email ${existing.email} đã tồn tại trong hệ thống!`,
  );
  await expect(page.getByText('Có lỗi xảy ra khi tạo học viên')).toBeVisible();
});

test('deleting asks first; cancelling keeps the account, confirming removes it; re-creating reactivates it', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('admin'));
  const student = await app.account('student', { full_name: 'Học Viên Xóa' });
  await page.goto('/students');
  const row = page.getByRole('row', { name: /Học Viên Xóa/ });
  await row.getByRole('button', { name: 'Xóa Học Viên Xóa' }).click();
  const confirm = page.getByRole('dialog', { name: 'Xóa tài khoản' });
  await expect(confirm).toContainText('không thể hoàn tác');
  await confirm.getByRole('button', { name: 'Hủy' }).click();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Xóa Học Viên Xóa' }).click();
  await confirmIn(page, 'Xóa tài khoản');
  await expectToast(page, 'Đã xóa tài khoản Học Viên Xóa.');
  await expect(row).toHaveCount(0);

  const dialog = await addAccount(page, 'Thêm học viên', 'Học Viên Trở Lại', student.email);
  await expect(dialog.getByText(/Mật khẩu mặc định: \d{6}/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Đóng' }).click();
  await expect(page.getByRole('row', { name: /Học Viên Trở Lại/ })).toContainText(student.email);
});

test('lists page by 10 with an "x of y" footer', async ({ page, app, signIn }) => {
  const admin = await app.admin();
  const prefix = `pg${Date.now()}`;
  for (let i = 0; i < 11; i++) {
    await admin.post('/api/users', {
      email: `${prefix}-${i}@example.com`,
      full_name: `Teacher ${prefix} ${i}`,
      role: 'teacher',
    });
  }
  await signIn(page, await app.account('admin'), '/teachers');
  await expect(page.getByRole('row')).toHaveCount(11); // header + 10
  const total = (await admin.get('/api/users?role=teacher')).body.total as number;
  const pages = Math.ceil(total / 10);
  await expect(page.getByText(`1 of ${pages}`)).toBeVisible();
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByText(`2 of ${pages}`)).toBeVisible();
  await expect(page.getByRole('cell', { name: '11', exact: true })).toBeVisible();
});

test("a teacher's Students menu lists the students of their own classes, read-only", async ({
  page,
  app,
  signIn,
}) => {
  const mine = await app.account('student', { full_name: 'Trò Của Tôi' });
  const notMine = await app.account('student', { full_name: 'Trò Lớp Khác' });
  const { admin, teacher, classId } = await teacherWithClass(app, {
    class_name: 'Lớp Của Cô',
    ...runningFromToday(),
  });
  const other = await teacherWithClass(app, { class_name: 'Lớp Khác', ...runningFromToday() });
  await enrol(admin, classId, [mine.user.user_id]);
  await enrol(admin, other.classId, [notMine.user.user_id]);
  await signIn(page, teacher);
  await page.getByRole('link', { name: 'Students' }).click();
  await expect(page.getByRole('heading', { name: 'Học viên của tôi' })).toBeVisible();
  const row = page.getByRole('row', { name: /Trò Của Tôi/ });
  await expect(row).toContainText('Lớp Của Cô');
  await expect(row).toContainText(mine.email);
  await expect(page.getByRole('row', { name: /Trò Lớp Khác/ })).toHaveCount(0);
  // Read-only: no way to add or delete.
  await expect(page.getByRole('button', { name: /Thêm học viên|Xóa/ })).toHaveCount(0);
});
