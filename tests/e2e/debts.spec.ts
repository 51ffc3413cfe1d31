// The debts page (issue 27), on a desktop and on a phone. Set up through the API: two classes with
// a fee per month, three students, this month's run for each class with its due date past (45 and
// 10 days ago), a payment on one invoice. Staff open 'Công nợ' from the menu: each student's row
// with what they owe aged (31–60 days, 1–30 days), the totals row, the class filter narrowing the
// rows, a student's name linking to their tuition account. The admin's 'Tổng hợp tháng' tab shows
// the month per class: invoiced, collected and still owed.
import type { Page } from '@playwright/test';
import { addDays, teacherWithClass, vnDate } from '../helpers/school.ts';
import { ADMIN, type AppServer, expect, signInAt, test } from './fixtures.ts';

const today = () => vnDate(Date.now());

/** A class (a link for its lessons) with a fee per month, whose students joined long ago. */
async function classWithPlan(app: AppServer, className: string, amount: number, names: string[]) {
  const { admin, classId } = await teacherWithClass(app, {
    class_name: className,
    default_venue: 'link',
    meeting_link: 'https://meet.example.com/cong-no',
    // Running through this month (a month the class only partly runs is charged by its lessons).
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
  const plan = await admin.put(`/api/classes/${classId}/fee-plan`, { kind: 'per_month', amount });
  expect(plan.status, plan.text).toBe(200);
  return { admin, classId, students };
}

/** This month's run for one class, due `daysAgo` days ago. */
async function runMonth(app: AppServer, classId: string, daysAgo: number, key: string) {
  const admin = await app.admin();
  const ran = await admin.request(
    'POST',
    '/api/invoice-runs',
    {
      json: {
        period: today().slice(0, 7),
        class_id: classId,
        due_date: addDays(today(), -daysAgo),
      },
    },
    { 'idempotency-key': key },
  );
  expect(ran.status, ran.text).toBe(201);
}

/** Opens a page from the main menu (behind its toggle on a phone). */
async function openFromMenu(page: Page, name: string) {
  if (page.viewportSize()!.width < 900) {
    await page.getByRole('button', { name: 'Mở menu', exact: true }).click();
  }
  await page.getByRole('navigation', { name: 'Menu chính' }).getByRole('link', { name }).click();
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('staff read who owes what, aged, by class, and open an account; the admin reads the month', async ({
      page,
      app,
      signIn,
      browser,
    }) => {
      test.setTimeout(90_000);
      const stamp = `${width}-${Date.now() % 100000}`;
      const [classA, classB] = [`Lớp Công Nợ A ${stamp}`, `Lớp Công Nợ B ${stamp}`];
      const [an, binh, chi] = [
        `An Công Nợ ${stamp}`,
        `Bình Công Nợ ${stamp}`,
        `Chi Công Nợ ${stamp}`,
      ];
      const a = await classWithPlan(app, classA, 1_200_000, [an, binh]);
      const b = await classWithPlan(app, classB, 900_000, [chi]);
      await runMonth(app, a.classId, 45, `debts-a-${stamp}`);
      await runMonth(app, b.classId, 10, `debts-b-${stamp}`);
      const paid = await a.admin.post(`/api/students/${a.students[0]!.user.user_id}/payments`, {
        amount: 500_000,
        method: 'cash',
        paid_on: today(),
      });
      expect(paid.status, paid.text).toBe(201);

      // Staff open 'Công nợ' from the menu; the three students are found by the stamp in their names.
      await signIn(page, await app.account('staff'), '/');
      await openFromMenu(page, 'Công nợ');
      await expect(page).toHaveURL(/\/debts$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Công nợ' })).toBeVisible();
      await expect(page.getByRole('tab')).toHaveCount(0);
      await page.getByRole('textbox', { name: 'Tìm theo tên học viên' }).fill(stamp);
      const table = page.getByRole('table', { name: 'Công nợ' });
      const rows = table.locator('tbody tr');
      await expect(rows).toHaveCount(3);
      // Name, classes, owed in all, not yet due, 1–30, 31–60, over 60 days past due.
      await expect(rows.nth(0).locator('td')).toHaveText([
        an,
        classA,
        '700.000 ₫',
        '–',
        '–',
        '700.000 ₫',
        '–',
      ]);
      await expect(rows.nth(1).locator('td')).toHaveText([
        binh,
        classA,
        '1.200.000 ₫',
        '–',
        '–',
        '1.200.000 ₫',
        '–',
      ]);
      await expect(rows.nth(2).locator('td')).toHaveText([
        chi,
        classB,
        '900.000 ₫',
        '–',
        '900.000 ₫',
        '–',
        '–',
      ]);
      const totals = table.locator('tfoot tr');
      await expect(totals).toContainText('Tổng cộng (3 học viên)');
      await expect(totals.locator('td')).toHaveText([
        '2.800.000 ₫',
        '–',
        '900.000 ₫',
        '1.900.000 ₫',
        '–',
      ]);

      // The class filter narrows the rows and the totals to class A's invoices.
      await page.getByRole('combobox', { name: 'Lớp' }).fill(classA);
      await page.getByRole('option', { name: classA }).click();
      await expect(rows).toHaveCount(2);
      await expect(
        table.getByRole('link', { name: `Xem tài khoản học phí của ${chi}` }),
      ).toHaveCount(0);
      await expect(totals).toContainText('Tổng cộng (2 học viên)');
      await expect(totals.locator('td').first()).toHaveText('1.900.000 ₫');

      // A student's name opens their tuition account.
      await table.getByRole('link', { name: `Xem tài khoản học phí của ${binh}` }).click();
      await expect(page).toHaveURL(new RegExp(`/tuition\\?student=${a.students[1]!.user.user_id}`));
      await expect(page.getByTestId('tuition-balance')).toBeVisible();
      await expect(page.getByTestId('invoice-card')).toContainText(classA);

      // The admin's month: per class what was invoiced, collected and is still owed.
      const context = await browser.newContext({
        viewport: { width, height: 860 },
        locale: 'vi-VN',
        timezoneId: 'Asia/Ho_Chi_Minh',
      });
      const adminPage = await context.newPage();
      await signInAt(adminPage, app.baseUrl, ADMIN);
      await adminPage.goto(`${app.baseUrl}/debts`);
      await adminPage.getByRole('tab', { name: 'Tổng hợp tháng' }).click();
      const month = adminPage.getByRole('table', { name: 'Tổng hợp tháng' });
      await expect(month.getByRole('row', { name: new RegExp(classA) }).locator('td')).toHaveText([
        classA,
        '2',
        '2.400.000 ₫',
        '500.000 ₫',
        '1.900.000 ₫',
      ]);
      await expect(month.getByRole('row', { name: new RegExp(classB) }).locator('td')).toHaveText([
        classB,
        '1',
        '900.000 ₫',
        '–',
        '900.000 ₫',
      ]);
      await expect(adminPage.getByText('Tiền nhận trong tháng')).toBeVisible();
      await context.close();
    });
  });
}
