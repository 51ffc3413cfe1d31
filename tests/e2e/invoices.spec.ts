// Invoices (issue 27), on a desktop and on a phone: the admin sets a class's fee per month; staff
// run the month for the class (a preview of every invoice, then issued at once), open one invoice
// and record a payment against it (partly paid, then paid); the student sees their own invoice and
// opens it, read-only and printable alone; the admin voids the other one with a reason and it shows
// 'Đã huỷ' with its number kept. A draft made for one student is edited (a discount added) and
// issued.
import type { Browser, Page } from '@playwright/test';
import { scanQr } from '../helpers/qr.ts';
import { addDays, teacherWithClass, vnDate } from '../helpers/school.ts';
import { ADMIN, type AppServer, expect, signInAt, test } from './fixtures.ts';
import { classDialog } from './pages/classes.ts';
import { expectToast } from './pages/dialogs.ts';

async function pageOf(
  browser: Browser,
  app: AppServer,
  width: number,
  who: { email: string; password: string },
  path: string,
) {
  const context = await browser.newContext({
    viewport: { width, height: 860 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  const page = await context.newPage();
  await signInAt(page, app.baseUrl, who);
  await page.goto(app.baseUrl + path);
  return page;
}

const today = () => vnDate(Date.now());
/** A 'YYYY-MM-DD' day's month as the app shows it: MM/YYYY. */
const monthOf = (date: string) => `${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * A class (a link for its lessons) running since long before this month and after it, whose
 * students joined long before: this month is a whole month for it and them.
 */
async function classWithStudents(app: AppServer, className: string, names: string[]) {
  const { admin, classId } = await teacherWithClass(app, {
    class_name: className,
    default_venue: 'link',
    meeting_link: 'https://meet.example.com/hoa-don',
    start_date: addDays(today(), -80),
    end_date: addDays(today(), 120),
  });
  const students = [];
  for (const name of names) students.push(await app.account('student', { full_name: name }));
  const enrolled = await admin.post(`/api/classes/${classId}/students`, {
    student_ids: students.map((s) => s.user.user_id),
  });
  expect(enrolled.status, enrolled.text).toBeLessThan(300);
  app.sql(
    'update class_students set enrolled_at = ? where class_id = ?',
    `${addDays(today(), -80)}T01:00:00.000Z`,
    classId,
  );
  return { admin, classId, students };
}

/** Nothing on the page or in an open dialog is wider than the screen. */
async function expectNothingWider(page: Page) {
  const wide = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth}`);
    for (const dialog of Array.from(document.querySelectorAll('[role="dialog"]'))) {
      const box = dialog.getBoundingClientRect();
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) found.push('dialog');
    }
    return found;
  });
  expect(wide).toEqual([]);
}

/** Picks the student on the tuition page by their name. */
async function pickStudent(page: Page, name: string) {
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Học viên' }).fill(name);
    await page
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click({ timeout: 3000 });
    await expect(page.getByTestId('tuition-balance')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test("staff run a class's month, record payments on an invoice; the student sees it; the admin voids one", async ({
      page,
      app,
      signIn,
      browser,
    }) => {
      test.setTimeout(90_000);
      const stamp = `${width}-${Date.now() % 100000}`;
      const className = `Lớp Hoá Đơn ${stamp}`;
      const [an, binh] = [`Lê Văn An ${stamp}`, `Phạm Thị Bình ${stamp}`];
      const { students, admin } = await classWithStudents(app, className, [an, binh]);
      const month = monthOf(today());
      // The center's bank account, so what is due is shown as a VietQR code.
      const bank = await admin.put('/api/center-settings/bank-account', {
        bank_bin: '970436',
        account_number: '0071000123456',
        account_name: 'TRUNG TAM ANH NGU',
      });
      expect(bank.status, bank.text).toBe(200);

      // The admin sets the class's fee per month.
      await signIn(page, ADMIN, '/classes');
      await page.getByRole('button', { name: className }).click();
      const details = classDialog(page);
      await details.getByRole('tab', { name: 'Học phí' }).click();
      await details.getByRole('button', { name: 'Đặt học phí' }).click();
      await details.getByRole('combobox', { name: 'Cách tính học phí' }).click();
      await page.getByRole('option', { name: 'Theo tháng' }).click();
      await details.getByRole('textbox', { name: 'Học phí mỗi tháng (đồng)' }).fill('1200000');
      await details.getByRole('button', { name: 'Lưu' }).click();
      await expect(details.getByTestId('fee-plan')).toContainText('1.200.000 ₫ mỗi tháng');

      // Staff run the month for the class: the preview first, then issued once.
      const staff = await pageOf(browser, app, width, await app.account('staff'), '/tuition');
      await staff.getByRole('button', { name: 'Lập hoá đơn tháng' }).click();
      const run = staff.getByRole('dialog', { name: 'Lập hoá đơn tháng' });
      await expect(run.getByRole('combobox', { name: 'Tháng' })).toHaveValue(month);
      await run.getByRole('combobox', { name: 'Lớp' }).fill(className);
      await staff.getByRole('option', { name: className }).click();
      await run.getByRole('button', { name: 'Xem trước' }).click();
      await expect(run.getByTestId('run-total')).toHaveText('2 hoá đơn, tổng 2.400.000 ₫');
      const preview = run.getByRole('table', { name: 'Xem trước' });
      await expect(preview.getByRole('row', { name: new RegExp(an) })).toContainText(
        `Học phí tháng ${month}: 1.200.000 ₫`,
      );
      await expect(preview.getByRole('row', { name: new RegExp(binh) })).toBeVisible();
      if (width === 390) await expectNothingWider(staff);
      await run.getByRole('button', { name: 'Phát hành 2 hoá đơn' }).click();
      await expect(run.getByTestId('run-done')).toHaveText('Đã phát hành 2 hoá đơn; bỏ qua 0.');
      await expect(run.getByRole('button', { name: /^Phát hành/ })).toHaveCount(0);
      // Previewed again, the month is done: both are already invoiced.
      await run.getByRole('button', { name: 'Xem trước' }).click();
      await expect(run.getByTestId('run-total')).toHaveText('0 hoá đơn, tổng 0 ₫');
      await expect(run.getByText('Đã có hoá đơn')).toHaveCount(2);
      await run.getByRole('button', { name: 'Đóng' }).click();

      // An's invoice on their account, then opened; a payment against it.
      await pickStudent(staff, an);
      const card = staff.getByTestId('invoice-card');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('Đã phát hành');
      await expect(card).toContainText(`${className} · Tháng ${month}`);
      const number = (await card.getByRole('link').textContent())!;
      expect(number).toMatch(/^HP-\d{4}-\d{6}$/);
      await card.getByRole('link', { name: `Xem hoá đơn ${number}` }).click();
      const sheet = staff.getByTestId('invoice-sheet');
      await expect(sheet.getByTestId('invoice-number')).toHaveText(number);
      await expect(sheet.getByTestId('invoice-line')).toHaveText([
        `Học phí tháng ${month}1.200.000 ₫`,
      ]);
      await expect(staff.getByRole('button', { name: 'Huỷ hoá đơn' })).toHaveCount(0);
      await staff.getByRole('button', { name: 'Ghi nhận thanh toán' }).click();
      const pay = staff.getByRole('dialog', { name: 'Ghi nhận thanh toán' });
      await expect(pay.getByRole('combobox', { name: 'Thanh toán cho hoá đơn' })).toHaveValue(
        new RegExp(`^${number}`),
      );
      // What is left on the invoice is offered; paid in part here.
      await expect(pay.getByRole('textbox', { name: 'Số tiền (đồng)' })).toHaveValue('1.200.000');
      await pay.getByRole('textbox', { name: 'Số tiền (đồng)' }).fill('500000');
      await pay.getByRole('button', { name: 'Ghi nhận thanh toán' }).click();
      await expect(pay).toBeHidden();
      await expect(sheet).toContainText('Thanh toán một phần');
      await expect(sheet).toContainText('Còn phải trả700.000 ₫');
      // What is left is a VietQR code on the invoice: the amount and its number as the content.
      const qr = sheet.getByRole('region', { name: 'Chuyển khoản bằng VietQR' });
      await expect(qr).toContainText('700.000 ₫');
      await expect(qr).toContainText(number);
      const code = qr.getByRole('img', { name: /^Mã VietQR chuyển 700\.000 ₫/ });
      const scanned = scanQr((await code.getAttribute('src'))!).text!;
      expect(scanned).toContain('5406700000');
      expect(scanned).toContain(number);
      await staff.getByRole('button', { name: 'Ghi nhận thanh toán' }).click();
      await pay.getByRole('textbox', { name: 'Số tiền (đồng)' }).fill('700000');
      await pay.getByRole('button', { name: 'Ghi nhận thanh toán' }).click();
      await expect(pay).toBeHidden();
      await expect(sheet).toContainText('Đã thanh toán');
      await expect(sheet).toContainText('Còn phải trả0 ₫');
      await expect(qr).toHaveCount(0);
      await staff.context().close();

      // The student sees their invoice and opens it: read-only, printable alone.
      const own = await pageOf(browser, app, width, students[0]!, '/tuition');
      const mine = own.getByTestId('invoice-card');
      await expect(mine).toContainText(number);
      await expect(mine).toContainText('Đã thanh toán');
      await mine.getByRole('link', { name: `Xem hoá đơn ${number}` }).click();
      await expect(own.getByTestId('invoice-number')).toHaveText(number);
      for (const action of ['Phát hành', 'Ghi nhận thanh toán', 'Huỷ hoá đơn']) {
        await expect(own.getByRole('button', { name: action })).toHaveCount(0);
      }
      const print = own.getByRole('button', { name: 'In hoá đơn' });
      await expect(print).toBeVisible();
      if (width === 390) await expectNothingWider(own);
      await own.emulateMedia({ media: 'print' });
      await expect(own.getByTestId('invoice-sheet')).toBeVisible();
      await expect(print).toBeHidden();
      await expect(own.getByRole('link', { name: 'Quay lại tài khoản' })).toBeHidden();
      await expect(own.locator('aside:visible, header:visible')).toHaveCount(0);
      await own.context().close();

      // Bình, who has not paid, sees what they owe as one code on their account.
      const owing = await pageOf(browser, app, width, students[1]!, '/tuition');
      const whole = owing.getByRole('region', { name: 'Đóng toàn bộ số còn nợ bằng VietQR' });
      await expect(whole).toContainText('1.200.000 ₫');
      await expect(
        whole.getByRole('img', { name: /^Mã VietQR chuyển 1\.200\.000 ₫/ }),
      ).toBeVisible();
      if (width === 390) await expectNothingWider(owing);
      // …and their invoice's own code, its number as the transfer's content.
      const theirCard = owing.getByTestId('invoice-card');
      const theirNumber = (await theirCard.getByRole('link').textContent())!;
      await theirCard.getByRole('link').click();
      const theirQr = owing
        .getByTestId('invoice-sheet')
        .getByRole('region', { name: 'Chuyển khoản bằng VietQR' });
      await expect(theirQr).toContainText(theirNumber);
      const theirCode = theirQr.getByRole('img', { name: /^Mã VietQR chuyển 1\.200\.000 ₫/ });
      expect(scanQr((await theirCode.getAttribute('src'))!).text).toContain(theirNumber);
      await owing.context().close();

      // The admin voids Bình's invoice with a reason: it keeps its number.
      await page.goto(`/tuition?student=${students[1]!.user.user_id}`);
      const theirs = page.getByTestId('invoice-card');
      const other = (await theirs.getByRole('link').textContent())!;
      await theirs.getByRole('link').click();
      await page.getByRole('button', { name: 'Huỷ hoá đơn' }).click();
      const voiding = page.getByRole('dialog', { name: 'Huỷ hoá đơn' });
      if (width === 390) await expectNothingWider(page);
      await voiding.getByRole('button', { name: 'Huỷ hoá đơn' }).click();
      await expect(voiding.getByText('Vui lòng nhập lý do.')).toBeVisible();
      await voiding.getByRole('textbox', { name: 'Lý do huỷ' }).fill('Học viên nghỉ cả tháng');
      await voiding.getByRole('button', { name: 'Huỷ hoá đơn' }).click();
      await expectToast(page, `Đã huỷ hoá đơn ${other}.`);
      await expect(voiding).toBeHidden();
      await expect(page.getByTestId('invoice-number')).toHaveText(other);
      await expect(page.getByTestId('invoice-void')).toContainText(
        'Đã huỷ: Học viên nghỉ cả tháng',
      );
      await page.getByRole('link', { name: 'Quay lại tài khoản' }).click();
      await expect(page.getByTestId('invoice-card')).toContainText(other);
      await expect(page.getByTestId('invoice-card')).toContainText('Đã huỷ');
    });

    test('staff make a draft for one student, add a discount to it, then issue it', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = `${width}-${Date.now() % 100000}`;
      const className = `Lớp Nháp ${stamp}`;
      const name = `Võ Minh Châu ${stamp}`;
      const { admin, classId } = await classWithStudents(app, className, [name]);
      const plan = await admin.put(`/api/classes/${classId}/fee-plan`, {
        kind: 'per_month',
        amount: 1_000_000,
      });
      expect(plan.status, plan.text).toBe(200);
      const month = monthOf(today());

      await signIn(page, await app.account('staff'), '/tuition');
      await pickStudent(page, name);
      await page.getByRole('button', { name: 'Lập hoá đơn', exact: true }).click();
      const create = page.getByRole('dialog', { name: 'Lập hoá đơn' });
      // Their one class is chosen; this month by default.
      await expect(create.getByRole('combobox', { name: 'Lớp' })).toHaveValue(className);
      await expect(create.getByRole('combobox', { name: 'Tháng' })).toHaveValue(month);
      await create.getByRole('button', { name: 'Lập hoá đơn' }).click();
      await expectToast(page, `Đã lập hoá đơn nháp cho ${name}.`);
      const sheet = page.getByTestId('invoice-sheet');
      await expect(sheet.getByTestId('invoice-number')).toHaveText('Nháp');
      await expect(sheet.getByTestId('invoice-line')).toHaveText([
        `Học phí tháng ${month}1.000.000 ₫`,
      ]);

      await page.getByRole('button', { name: 'Sửa hoá đơn nháp' }).click();
      const edit = page.getByRole('dialog', { name: 'Sửa hoá đơn nháp' });
      await edit.getByRole('button', { name: 'Thêm giảm trừ' }).click();
      await edit.getByRole('textbox', { name: 'Dòng 2: Giảm trừ thêm' }).fill('Học bổng');
      await edit.getByRole('textbox', { name: 'Đơn giá (Dòng 2)' }).fill('200000');
      await expect(edit.getByTestId('draft-total')).toHaveText('800.000 ₫');
      if (width === 390) await expectNothingWider(page);
      await edit.getByRole('button', { name: 'Lưu' }).click();
      await expect(edit).toBeHidden();
      await expect(sheet.getByTestId('invoice-line')).toHaveText([
        `Học phí tháng ${month}1.000.000 ₫`,
        'Học bổng-200.000 ₫',
      ]);
      await expect(sheet).toContainText('Tổng cộng800.000 ₫');

      await page.getByRole('button', { name: 'Phát hành' }).click();
      await expect(sheet.getByTestId('invoice-number')).toHaveText(/^HP-\d{4}-\d{6}$/);
      await expect(sheet).toContainText('Đã phát hành');
      await expect(sheet).toContainText('Còn phải trả800.000 ₫');
      await expect(page.getByRole('button', { name: 'Sửa hoá đơn nháp' })).toHaveCount(0);
    });
  });
}
