// Tuition (issue 27), on a desktop and on a phone: the admin sets a class's fee plan in its
// details (per course, in two instalments) and staff read it there without changing it; staff find
// a student on the tuition page (typed without accents), record a payment and see the credit; the
// student sees their own account; the admin gives a discount and reverses the payment with a
// reason, and the entry stays, marked reversed.
import type { Browser } from '@playwright/test';
import { runningFromToday, teacherWithClass } from '../helpers/school.ts';
import { ADMIN, type AppServer, expect, signInAt, test } from './fixtures.ts';
import { classDialog } from './pages/classes.ts';
import { expectToast } from './pages/dialogs.ts';

/** Someone signed in in a browser of their own at the same width. */
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

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test("the admin sets a class's fee in two instalments; staff read it and cannot change it", async ({
      page,
      app,
      signIn,
      browser,
    }) => {
      const className = `Lớp Học Phí ${width}`;
      await teacherWithClass(app, { class_name: className, ...runningFromToday() });
      await signIn(page, ADMIN, '/classes');
      await page.getByRole('button', { name: className }).click();
      const details = classDialog(page);
      await details.getByRole('tab', { name: 'Học phí' }).click();
      await expect(details.getByText('Lớp chưa có học phí.')).toBeVisible();
      await details.getByRole('button', { name: 'Đặt học phí' }).click();
      await details.getByRole('combobox', { name: 'Cách tính học phí' }).click();
      await page.getByRole('option', { name: 'Theo khoá học' }).click();
      await details.getByRole('textbox', { name: 'Học phí cả khoá (đồng)' }).fill('6000000');
      await details.getByRole('button', { name: 'Thêm đợt' }).click();
      await details.getByRole('button', { name: 'Thêm đợt' }).click();
      await details.getByRole('textbox', { name: 'Số tiền đợt 1' }).fill('4000000');
      await details.getByRole('textbox', { name: 'Hạn đợt 1' }).fill('15/01/2031');
      await details.getByRole('textbox', { name: 'Số tiền đợt 2' }).fill('1000000');
      await details.getByRole('textbox', { name: 'Hạn đợt 2' }).fill('15/02/2031');
      await details.getByRole('textbox', { name: 'Hạn đợt 2' }).press('Tab');
      await details.getByRole('button', { name: 'Lưu' }).click();
      // The parts must add up to the course's fee: said, nothing saved.
      await expect(details.getByRole('alert')).toHaveText(
        'Tổng các đợt phải bằng học phí cả khoá.',
      );
      await details.getByRole('textbox', { name: 'Số tiền đợt 2' }).fill('2000000');
      await details.getByRole('button', { name: 'Lưu' }).click();
      await expectToast(page, `Đã lưu học phí của lớp ${className}.`);
      const plan = details.getByTestId('fee-plan');
      await expect(plan).toContainText('6.000.000 ₫ cả khoá');
      await expect(plan).toContainText('Đợt 1: 4.000.000 ₫, hạn 15/01/2031');
      await expect(plan).toContainText('Đợt 2: 2.000.000 ₫, hạn 15/02/2031');

      const staff = await pageOf(browser, app, width, await app.account('staff'), '/classes');
      await staff.getByRole('button', { name: className }).click();
      const theirs = classDialog(staff);
      await theirs.getByRole('tab', { name: 'Học phí' }).click();
      await expect(theirs.getByTestId('fee-plan')).toContainText('6.000.000 ₫ cả khoá');
      await expect(theirs.getByText('Chỉ admin mới đặt học phí của lớp.')).toBeVisible();
      await expect(theirs.getByRole('button', { name: 'Sửa học phí' })).toHaveCount(0);
      await staff.context().close();
    });

    test('staff record a payment for a student found without accents; the student sees it; the admin reverses it', async ({
      page,
      app,
      signIn,
      browser,
    }) => {
      const stamp = `${width}${Date.now() % 100000}`;
      const student = await app.account('student', { full_name: `Đặng Thùy ${stamp}` });
      await signIn(page, await app.account('staff'), '/tuition');
      await expect(page.getByText('Chọn một học viên để xem tài khoản học phí.')).toBeVisible();
      await page.getByRole('combobox', { name: 'Học viên' }).fill(`dang thuy ${stamp}`);
      await page.getByRole('option', { name: new RegExp(`Đặng Thùy ${stamp}`) }).click();
      await expect(page.getByTestId('tuition-balance')).toHaveText('Đã thanh toán đủ');
      await expect(page.getByText('Chưa có giao dịch nào.')).toBeVisible();

      await page.getByRole('button', { name: 'Ghi nhận thanh toán' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ghi nhận thanh toán' });
      await dialog.getByRole('textbox', { name: 'Số tiền (đồng)' }).fill('1500000');
      await expect(dialog.getByRole('textbox', { name: 'Số tiền (đồng)' })).toHaveValue(
        '1.500.000',
      );
      await dialog.getByRole('combobox', { name: 'Hình thức' }).click();
      await page.getByRole('option', { name: 'Chuyển khoản' }).click();
      await dialog.getByRole('textbox', { name: 'Ghi chú' }).fill('Học phí tháng 1');
      await dialog.getByRole('button', { name: 'Ghi nhận thanh toán' }).click();
      await expectToast(page, 'Đã ghi nhận khoản thanh toán.');
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('tuition-balance')).toHaveText('Số dư có 1.500.000 ₫');
      const entry = page.getByTestId('ledger-entry').first();
      await expect(entry).toContainText('Thanh toán');
      await expect(entry).toContainText('-1.500.000 ₫');
      await expect(entry).toContainText('Chuyển khoản');
      await expect(entry).toContainText('Học phí tháng 1');
      // Staff neither reverse nor refund.
      await expect(page.getByRole('button', { name: /^Đảo bút toán/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Hoàn tiền' })).toHaveCount(0);

      const own = await pageOf(browser, app, width, student, '/tuition');
      await expect(own.getByRole('heading', { name: 'Học phí', level: 1 })).toBeVisible();
      await expect(own.getByTestId('tuition-balance')).toHaveText('Số dư có 1.500.000 ₫');
      await expect(own.getByRole('button', { name: 'Ghi nhận thanh toán' })).toHaveCount(0);
      await own.context().close();

      const admin = await pageOf(
        browser,
        app,
        width,
        ADMIN,
        `/tuition?student=${student.user.user_id}`,
      );
      await admin.getByRole('button', { name: 'Thêm ưu đãi' }).click();
      const discount = admin.getByRole('dialog', { name: 'Thêm ưu đãi' });
      await discount.getByRole('textbox', { name: 'Mức giảm' }).fill('10');
      await discount.getByRole('textbox', { name: 'Lý do' }).fill('Anh chị em cùng học');
      await discount.getByRole('button', { name: 'Thêm ưu đãi' }).click();
      await expect(admin.getByTestId('discount-card')).toContainText('Giảm 10%');
      await expect(admin.getByTestId('discount-card')).toContainText('Anh chị em cùng học');

      await admin.getByRole('button', { name: 'Đảo bút toán Thanh toán -1.500.000 ₫' }).click();
      const reverse = admin.getByRole('dialog', { name: 'Đảo bút toán' });
      await reverse.getByRole('button', { name: 'Đảo bút toán' }).click();
      await expect(reverse.getByText('Vui lòng nhập lý do.')).toBeVisible();
      await reverse.getByRole('textbox', { name: 'Lý do' }).fill('Ghi nhầm học viên');
      await reverse.getByRole('button', { name: 'Đảo bút toán' }).click();
      await expect(reverse).toBeHidden();
      await expect(admin.getByTestId('tuition-balance')).toHaveText('Đã thanh toán đủ');
      const entries = admin.getByTestId('ledger-entry');
      await expect(entries).toHaveCount(2);
      await expect(entries.first()).toContainText('Ghi nhầm học viên');
      await expect(entries.nth(1)).toContainText('Đã đảo');
      // No page wider than the screen on a phone.
      const overflow = await admin.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(overflow).toBe(false);
      await admin.context().close();
    });
  });
}
