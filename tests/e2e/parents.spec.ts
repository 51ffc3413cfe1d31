// Parents (issue 29 point 1, docs/decisions/036-parents.md): a staff member opens a student's
// details, adds a parent with name, phone and e-mail and sees the first password to hand over;
// the parent signs in on a phone (390×844) with it, chooses their own password and lands on the
// dashboard as 'Phụ huynh', then reads their child's lesson report and absence. Unlinking asks
// first. The Parents page lists the parent with the child.
import { addDays, createClass, createLesson, enrol, vnDate, vnTime } from '../helpers/school.ts';
import { expect, test, uniqueEmail } from './fixtures.ts';

test("staff add a parent from a student's details; the parent signs in on a phone", async ({
  page,
  browser,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  const created = await admin.post('/api/users', {
    email: uniqueEmail('child'),
    full_name: 'Bé Phụ Huynh Test',
    role: 'student',
  });
  expect(created.status).toBe(201);
  await signIn(page, await app.account('staff'), '/students');
  await page.getByRole('row', { name: /Bé Phụ Huynh Test/ }).click();
  const detail = page.getByRole('dialog', { name: 'Thông tin tài khoản' });
  const parents = detail.getByRole('region', { name: 'Phụ huynh' });
  await expect(parents).toContainText('Chưa có phụ huynh nào được liên kết.');
  await parents.getByRole('button', { name: 'Thêm phụ huynh' }).click();
  const email = uniqueEmail('me');
  await parents.getByRole('textbox', { name: 'Họ tên phụ huynh' }).fill('Nguyễn Thị Mẹ');
  await parents.getByRole('textbox', { name: 'Email' }).fill(email);
  await parents.getByRole('textbox', { name: 'Số điện thoại' }).fill('0912 345 678');
  await parents.getByRole('button', { name: 'Tạo và liên kết' }).click();
  await expect(parents.getByRole('status')).toContainText(
    `Đã tạo tài khoản phụ huynh ${email}. Mật khẩu đăng nhập lần đầu:`,
  );
  const password = (await parents.getByTestId('generated-password').textContent())!;
  expect(password).toMatch(/^\d{6}$/);
  await parents.getByRole('button', { name: 'Xong' }).click();
  await expect(parents).toContainText('Nguyễn Thị Mẹ');
  await expect(parents).toContainText('0912 345 678');
  await expect(parents).toContainText(email);

  // The Parents page lists them with their child.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Phụ huynh' }).click();
  await expect(page.getByRole('row', { name: /Nguyễn Thị Mẹ/ })).toContainText('Bé Phụ Huynh Test');

  // The parent, on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const parentPage = await phone.newPage();
  await parentPage.goto(`${app.baseUrl}/login`);
  await parentPage.getByLabel('Email').fill(email);
  await parentPage.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(password);
  await parentPage.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(parentPage.getByRole('heading', { name: 'Đổi mật khẩu lần đầu' })).toBeVisible();
  await parentPage.getByRole('textbox', { name: 'Mật khẩu mới', exact: true }).fill('me-123456');
  await parentPage.getByRole('textbox', { name: 'Xác nhận mật khẩu mới' }).fill('me-123456');
  await parentPage.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(parentPage).toHaveURL(/\/dashboard$/);
  await parentPage.getByRole('button', { name: 'Mở menu người dùng' }).click();
  await expect(parentPage.getByText('Phụ huynh', { exact: true }).first()).toBeVisible();
  await parentPage.keyboard.press('Escape');

  // Yesterday the child missed a lesson, which their teacher reported with homework.
  const childId = created.body.user.user_id as string;
  const teacher = await app.account('teacher');
  const today = vnDate(Date.now());
  const { class_id: classId } = await createClass(admin, teacher.user.user_id, {
    class_name: 'Lớp của bé',
    start_date: addDays(today, -30),
    end_date: addDays(today, 60),
    default_venue: 'link',
    meeting_link: 'https://meet.example.com/be',
  });
  await enrol(admin, classId, [childId]);
  const { schedule_id: lessonId } = await createLesson(
    admin,
    classId,
    vnTime(addDays(today, 3), '09:00'),
    60,
    'Bài hôm qua',
  );
  app.sql(
    'update schedules set start_time = ?, end_time = ? where schedule_id = ?',
    vnTime(addDays(today, -1), '09:00'),
    vnTime(addDays(today, -1), '10:00'),
    lessonId,
  );
  app.sql(
    'update class_students set enrolled_at = ? where class_id = ?',
    vnTime(addDays(today, -20), '08:00'),
    classId,
  );
  const absent = await admin.put(`/api/schedules/${lessonId}/attendance/${childId}`, {
    status: 'absent',
  });
  expect(absent.status, absent.text).toBe(200);
  const report = await teacher.client.put(`/api/schedules/${lessonId}/report`, {
    covered: 'Thì hiện tại đơn',
    homework: 'Làm bài 3 trang 12',
    notes: [],
  });
  expect(report.status, report.text).toBe(200);

  // The parent, on the phone, opens their child's page: the lesson's report, and the absence.
  await parentPage.getByRole('button', { name: 'Mở menu', exact: true }).click();
  await parentPage
    .getByRole('navigation', { name: 'Menu chính' })
    .getByRole('link', { name: 'Con của tôi' })
    .click();
  const held = parentPage.getByRole('region', { name: 'Đã học' }).getByTestId('child-lesson');
  await expect(held).toHaveText([/Bài hôm qua/]);
  await held.getByRole('button', { name: /Nhận xét buổi học/ }).click();
  const reportDialog = parentPage.getByRole('dialog');
  await expect(reportDialog).toContainText('Thì hiện tại đơn');
  await expect(reportDialog).toContainText('Làm bài 3 trang 12');
  await parentPage.keyboard.press('Escape');
  await parentPage.getByRole('tab', { name: 'Điểm danh' }).click();
  await expect(parentPage.getByTestId('my-attendance-row')).toContainText([/Bài hôm qua.*Vắng/]);
  await phone.close();
});

test('unlinking a parent asks first and keeps their account', async ({ page, app, signIn }) => {
  const admin = await app.admin();
  const child = await admin.post('/api/users', {
    email: uniqueEmail('child'),
    full_name: 'Bé Bỏ Liên Kết',
    role: 'student',
  });
  const made = await admin.post(`/api/students/${child.body.user.user_id}/parents`, {
    full_name: 'Trần Văn Bố',
    email: uniqueEmail('bo'),
  });
  expect(made.status).toBe(201);
  await signIn(page, await app.account('staff'), '/students');
  await page.getByRole('row', { name: /Bé Bỏ Liên Kết/ }).click();
  const parents = page
    .getByRole('dialog', { name: 'Thông tin tài khoản' })
    .getByRole('region', { name: 'Phụ huynh' });
  await parents.getByRole('button', { name: 'Bỏ liên kết Trần Văn Bố' }).click();
  const confirm = page.getByRole('dialog', { name: 'Bỏ liên kết' });
  await expect(confirm).toContainText(
    'Bỏ liên kết Trần Văn Bố với học viên Bé Bỏ Liên Kết? Tài khoản phụ huynh vẫn được giữ lại.',
  );
  await confirm.getByRole('button', { name: 'Bỏ liên kết' }).click();
  await expect(parents).toContainText('Chưa có phụ huynh nào được liên kết.');
  const still = await admin.get(`/api/users/${made.body.parent.user_id}`);
  expect(still.body.user.is_active).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a sibling's parent is found by search and linked; the section fits 390 px", async ({
    page,
    app,
    signIn,
  }) => {
    const admin = await app.admin();
    const make = (full_name: string) =>
      admin.post('/api/users', { email: uniqueEmail('child'), full_name, role: 'student' });
    const older = await make('Anh Cả Nhà Lý');
    await make('Em Út Nhà Lý');
    const made = await admin.post(`/api/students/${older.body.user.user_id}/parents`, {
      full_name: 'Lý Thị Mẹ Chung',
      email: uniqueEmail('me-chung'),
      phone: '0987654321',
    });
    expect(made.status).toBe(201);
    await signIn(page, await app.account('staff'), '/students');
    await page.getByRole('row', { name: /Em Út Nhà Lý/ }).click();
    const parents = page
      .getByRole('dialog', { name: 'Thông tin tài khoản' })
      .getByRole('region', { name: 'Phụ huynh' });
    await parents.getByRole('button', { name: 'Thêm phụ huynh' }).click();
    await parents.getByText('Chọn phụ huynh đã có').click();
    await parents.getByRole('textbox', { name: 'Tìm phụ huynh' }).fill('ly thi me');
    // Found without accents, with the child they already have.
    await expect(parents).toContainText('Anh Cả Nhà Lý');
    const wider = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(wider, 'nothing wider than the screen').toBe(false);
    await parents.getByRole('button', { name: 'Liên kết Lý Thị Mẹ Chung' }).click();
    await expect(page.getByText('Đã liên kết phụ huynh với học viên.')).toBeVisible();
    await expect(parents).toContainText('0987 654 321');
    await expect(parents.getByRole('button', { name: 'Thêm phụ huynh' })).toBeVisible();
  });
});

test('staff import two siblings with their parent: one parent account, two links', async ({
  page,
  app,
  signIn,
}) => {
  const stamp = Date.now() % 100000;
  const csv = [
    'Họ và tên;Email;Tên phụ huynh;Email phụ huynh;SĐT phụ huynh',
    `Võ An ${stamp};an${stamp}@import.test;Võ Thị Mẹ ${stamp};me${stamp}@import.test;0912345678`,
    `Võ Bình ${stamp};binh${stamp}@import.test;Võ Thị Mẹ ${stamp};me${stamp}@import.test;`,
  ].join('\r\n');
  await signIn(page, await app.account('staff'), '/students');
  await page.getByRole('button', { name: 'Nhập từ tệp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nhập tài khoản từ tệp' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'hoc-vien.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`),
  });
  await expect(dialog.getByText('Đã đọc 2 dòng từ tệp.')).toBeVisible();
  // The student's columns and the parent's are told apart by their headers.
  await expect(dialog.getByRole('combobox', { name: 'Cột họ và tên' })).toHaveValue('Họ và tên');
  await expect(dialog.getByRole('combobox', { name: 'Cột email' })).toHaveValue('Email');
  await expect(dialog.getByRole('combobox', { name: 'Tên phụ huynh' })).toHaveValue(
    'Tên phụ huynh',
  );
  await expect(dialog.getByRole('combobox', { name: 'Email phụ huynh' })).toHaveValue(
    'Email phụ huynh',
  );
  await expect(dialog.getByRole('combobox', { name: 'SĐT phụ huynh' })).toHaveValue(
    'SĐT phụ huynh',
  );
  await dialog.getByRole('button', { name: 'Xem trước' }).click();
  await expect(dialog.getByTestId('import-row')).toHaveText([
    new RegExp(`Võ An ${stamp}.*Võ Thị Mẹ ${stamp}.*Tạo tài khoản phụ huynh.*Tạo mới`),
    new RegExp(`Võ Bình ${stamp}.*Võ Thị Mẹ ${stamp}.*Liên kết phụ huynh đã có.*Tạo mới`),
  ]);
  await dialog.getByRole('button', { name: 'Nhập 2 tài khoản' }).click();
  await expect(dialog.getByText('Phụ huynh: 1 tài khoản mới, 2 liên kết mới.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Đóng' }).click();

  await page.getByRole('link', { name: 'Phụ huynh' }).click();
  const row = page.getByRole('row', { name: new RegExp(`Võ Thị Mẹ ${stamp}`) });
  await expect(row).toContainText(`Võ An ${stamp}`);
  await expect(row).toContainText(`Võ Bình ${stamp}`);
  await expect(row).toContainText('0912 345 678');
});
