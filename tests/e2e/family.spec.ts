// A parent on a phone (issue 29, docs/decisions/036-parents.md): the mother of Lan and Minh (in two
// classes) signs in at 390x844 and sees both children on her dashboard with Lan's tuition owed, the
// bell tells her Lan was absent (marked by hand yesterday), she picks each child on 'Con của tôi'
// and sees their lessons, Lan's absence in her attendance, and pays Lan's invoice by its VietQR.
import type { Page } from '@playwright/test';
import { addDays, createClass, createLesson, enrol, vnDate, vnTime } from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';

/** Nothing on the page is wider than the screen. */
async function expectNothingWider(page: Page) {
  const wide = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(wide).toBe(false);
}

test('at 390 px: a parent of two children follows their lessons, an absence and an invoice', async ({
  page,
  app,
  signIn,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = `${Date.now() % 100000}`;
  const [lanName, minhName] = [`Lan ${stamp}`, `Minh ${stamp}`];
  const admin = await app.admin();
  const [teacher, lan, minh, mother] = await Promise.all([
    app.account('teacher', { full_name: `Cô Mai ${stamp}` }),
    app.account('student', { full_name: lanName }),
    app.account('student', { full_name: minhName }),
    app.account('parent', { full_name: `Mẹ ${stamp}` }),
  ]);
  const today = vnDate(Date.now());
  const term = { start_date: addDays(today, -30), end_date: addDays(today, 60) };
  const lanClass = `Lớp Lan ${stamp}`;
  const minhClass = `Lớp Minh ${stamp}`;
  const { class_id: classA } = await createClass(admin, teacher!.user.user_id, {
    class_name: lanClass,
    ...term,
  });
  const { class_id: classB } = await createClass(admin, teacher!.user.user_id, {
    class_name: minhClass,
    ...term,
  });
  await enrol(admin, classA, [lan!.user.user_id]);
  await enrol(admin, classB, [minh!.user.user_id]);
  app.sql(
    'update class_students set enrolled_at = ? where class_id in (?, ?)',
    vnTime(addDays(today, -20), '08:00'),
    classA,
    classB,
  );
  // Lan's lesson yesterday (made ahead, then moved back), where she was marked absent by hand.
  const { schedule_id: missed } = await createLesson(
    admin,
    classA,
    vnTime(addDays(today, 3), '09:00'),
    60,
    'Bài vắng',
  );
  app.sql(
    'update schedules set start_time = ?, end_time = ? where schedule_id = ?',
    vnTime(addDays(today, -1), '09:00'),
    vnTime(addDays(today, -1), '10:00'),
    missed,
  );
  await createLesson(admin, classA, vnTime(addDays(today, 2), '18:00'), 60, 'Bài của Lan');
  await createLesson(admin, classB, vnTime(addDays(today, 2), '08:00'), 60, 'Bài của Minh');
  // The mother is linked to both children (the staff's link is another part's).
  for (const child of [lan!, minh!]) {
    app.sql(
      'insert into student_parents (student_id, parent_id, created_at, created_by) values (?, ?, ?, null)',
      child.user.user_id,
      mother!.user.user_id,
      new Date().toISOString(),
    );
  }
  const marked = await admin.put(`/api/schedules/${missed}/attendance/${lan!.user.user_id}`, {
    status: 'absent',
  });
  expect(marked.status, marked.text).toBe(200);
  // Lan's month is invoiced; the center's bank account makes it payable by VietQR.
  const bank = await admin.put('/api/center-settings/bank-account', {
    bank_bin: '970436',
    account_number: '0071000123456',
    account_name: 'TRUNG TAM ANH NGU',
  });
  expect(bank.status, bank.text).toBe(200);
  const plan = await admin.put(`/api/classes/${classA}/fee-plan`, {
    kind: 'per_month',
    amount: 1_200_000,
  });
  expect(plan.status, plan.text).toBe(200);
  const run = await admin.post('/api/invoice-runs', {
    period: today.slice(0, 7),
    class_id: classA,
    due_date: addDays(today, 10),
  });
  expect(run.status, run.text).toBe(201);

  await signIn(page, mother!);
  // Both children on the dashboard, each with their lessons; Lan owes her month.
  const lanSection = page.getByRole('region', { name: lanName, exact: true });
  const minhSection = page.getByRole('region', { name: minhName, exact: true });
  await expect(lanSection.getByTestId('child-balance')).toHaveText('Còn nợ 1.200.000 ₫');
  await expect(lanSection.getByTestId('child-lesson')).toContainText(['Bài của Lan']);
  await expect(minhSection.getByTestId('child-lesson')).toContainText(['Bài của Minh']);
  await expect(minhSection.getByTestId('child-balance')).toHaveText('Đã thanh toán đủ');
  await expect(lanSection.getByTestId('child-mark')).toContainText([/Bài vắng.*Vắng/]);
  // No join or start button for a parent, anywhere on the dashboard.
  await expect(page.getByRole('button', { name: /Tham gia|Bắt đầu|Chờ bắt đầu/ })).toHaveCount(0);
  await expectNothingWider(page);

  // The bell: Lan was absent (and her invoice was issued), said with her name.
  await page.getByRole('button', { name: /^Thông báo \(2/ }).click();
  const bell = page.getByRole('region', { name: 'Thông báo' });
  await expect(bell.getByTestId('notification-item')).toContainText([
    new RegExp(`Hoá đơn học phí mới.*${lanName} – HP-`),
    new RegExp(`Con vắng mặt buổi học.*${lanName} vắng mặt buổi ${lanClass}: Bài vắng lúc`),
  ]);
  await page.keyboard.press('Escape');

  // 'Con của tôi': pick a child, see their lessons; Lan's absence in her attendance.
  await page.getByRole('button', { name: 'Mở menu', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Menu chính' })
    .getByRole('link', { name: 'Con của tôi' })
    .click();
  await expect(page).toHaveURL(/\/children/);
  const picker = page.getByRole('radiogroup', { name: 'Chọn con' });
  await picker.getByText(minhName).click();
  await expect(page.getByTestId('chosen-child')).toHaveText(minhName);
  await expect(page.getByTestId('child-lesson')).toHaveText([/Bài của Minh/]);
  await picker.getByText(lanName).click();
  await expect(page.getByTestId('chosen-child')).toHaveText(lanName);
  await expect(
    page.getByRole('region', { name: 'Sắp tới' }).getByTestId('child-lesson'),
  ).toHaveText([/Bài của Lan/]);
  await expect(page.getByRole('region', { name: 'Đã học' }).getByTestId('child-lesson')).toHaveText(
    [/Bài vắng/],
  );
  await page.getByRole('tab', { name: 'Điểm danh' }).click();
  await expect(page.getByTestId('my-attendance-row')).toContainText([/Bài vắng.*Vắng/]);
  await expectNothingWider(page);

  // Tuition: Lan's invoice and its VietQR code, the invoice's number as the transfer's content.
  await page.getByRole('tab', { name: 'Học phí' }).click();
  await page.getByRole('link', { name: 'Xem và thanh toán' }).click();
  await expect(page).toHaveURL(new RegExp(`/tuition\\?student=${lan!.user.user_id}`));
  const card = page.getByTestId('invoice-card');
  const number = (await card.getByRole('link').textContent())!;
  await card.getByRole('link').click();
  const qr = page
    .getByTestId('invoice-sheet')
    .getByRole('region', { name: 'Chuyển khoản bằng VietQR' });
  await expect(qr).toContainText(number);
  await expect(qr.getByRole('img', { name: /^Mã VietQR chuyển 1\.200\.000 ₫/ })).toBeVisible();
  for (const action of ['Phát hành', 'Ghi nhận thanh toán', 'Huỷ hoá đơn']) {
    await expect(page.getByRole('button', { name: action })).toHaveCount(0);
  }
  await expectNothingWider(page);
});

test('at 1366 px: a parent with two children sees both on the dashboard and picks one on their page', async ({
  page,
  app,
  signIn,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const stamp = `${Date.now() % 100000}`;
  const admin = await app.admin();
  const [teacher, an, binh, father] = await Promise.all([
    app.account('teacher', { full_name: `Thầy Nam ${stamp}` }),
    app.account('student', { full_name: `An ${stamp}` }),
    app.account('student', { full_name: `Bình ${stamp}` }),
    app.account('parent', { full_name: `Bố ${stamp}` }),
  ]);
  const today = vnDate(Date.now());
  const { class_id: classId } = await createClass(admin, teacher!.user.user_id, {
    class_name: `Lớp chung ${stamp}`,
    start_date: addDays(today, -7),
    end_date: addDays(today, 60),
  });
  await enrol(admin, classId, [an!.user.user_id, binh!.user.user_id]);
  await createLesson(admin, classId, vnTime(addDays(today, 1), '18:00'), 60, `Bài chung ${stamp}`);
  for (const child of [an!, binh!]) {
    app.sql(
      'insert into student_parents (student_id, parent_id, created_at, created_by) values (?, ?, ?, null)',
      child.user.user_id,
      father!.user.user_id,
      new Date().toISOString(),
    );
  }
  await signIn(page, father!);
  await expect(page.getByTestId('child-section')).toHaveCount(2);
  for (const name of [`An ${stamp}`, `Bình ${stamp}`]) {
    const section = page.getByRole('region', { name, exact: true });
    await expect(section.getByTestId('child-lesson')).toContainText([`Bài chung ${stamp}`]);
  }
  await expect(page.getByTestId('profile-role')).toHaveText('Phụ huynh');
  await expect(page.getByRole('button', { name: /Tham gia|Bắt đầu|Chờ bắt đầu/ })).toHaveCount(0);
  await expectNothingWider(page);
  await page
    .getByRole('region', { name: `Bình ${stamp}`, exact: true })
    .getByRole('link', { name: 'Xem chi tiết' })
    .click();
  await expect(page.getByTestId('chosen-child')).toHaveText(`Bình ${stamp}`);
  await page.getByRole('tab', { name: 'Lớp học' }).click();
  await expect(page.getByTestId('child-class')).toHaveText([`Lớp chung ${stamp}`]);
  await expectNothingWider(page);
});
