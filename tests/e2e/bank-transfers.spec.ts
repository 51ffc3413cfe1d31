// Matching bank transfers (issue 27), on a desktop and on a phone: staff upload a bank statement
// as the bank exports it, see each credit line beside the invoice and student its content names
// (exact, part payment, unknown), record the matches in one go, and give the unknown transfer to a
// student from the list left to match.
import { addDays, enrol, runningFromToday, teacherWithClass, vnDate } from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from './pages/dialogs.ts';

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('staff import a statement, confirm the matches, and give the unknown transfer to a student', async ({
      page,
      app,
      signIn,
    }) => {
      const today = vnDate(Date.now());
      const { admin, classId } = await teacherWithClass(app, {
        class_name: `Lớp Đối Soát ${width}`,
        ...runningFromToday(),
      });
      const an = await app.account('student', { full_name: `Trần An ${width}` });
      const binh = await app.account('student', { full_name: `Lê Bình ${width}` });
      await enrol(admin, classId, [an.user.user_id, binh.user.user_id]);
      const plan = await admin.put(`/api/classes/${classId}/fee-plan`, {
        kind: 'per_course',
        amount: 1_200_000,
      });
      expect(plan.status, plan.text).toBe(200);
      const run = await admin.post('/api/invoice-runs', {
        period: today.slice(0, 7),
        class_id: classId,
        due_date: addDays(today, 10),
      });
      expect(run.status, run.text).toBe(201);
      const invoices = (await admin.get(`/api/invoices?class_id=${classId}`)).body.items;
      const numberOf = (id: string) =>
        invoices.find((i: { student_id: string }) => i.student_id === id).number as string;
      const anNumber = numberOf(an.user.user_id);
      const binhNumber = numberOf(binh.user.user_id);
      const day = today.split('-').reverse().join('/');
      const unknown = `PHU HUYNH CHUYEN TIEN ${width}`;
      const statement = [
        'NGAN HANG TMCP NGOAI THUONG VIET NAM',
        'SAO KÊ TÀI KHOẢN',
        '',
        'STT,Ngày giao dịch,Số tham chiếu,Ghi nợ,Ghi có,Số dư,Nội dung',
        `1,${day},FT${width}0001,,"1.200.000","5.200.000","TRAN AN ${anNumber.replaceAll('-', '')} HOC PHI"`,
        `2,${day},FT${width}0002,,"500.000","5.700.000","${binhNumber.toLowerCase()} le binh"`,
        `3,${day},FT${width}0003,"50.000",,"5.650.000","Phi SMS"`,
        `4,${day},FT${width}0004,,"700.000","6.350.000","${unknown}"`,
      ].join('\r\n');

      await signIn(page, await app.account('staff'), '/bank-transfers');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Đối soát ngân hàng');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Chọn tệp sao kê' }).click();
      await (await chooser).setFiles({
        name: 'sao-ke.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(statement, 'utf8'),
      });
      const preview = page.getByRole('table', { name: 'Sao kê ngân hàng' });
      await expect(
        page.getByText('3 giao dịch tiền vào; bỏ qua 1 giao dịch tiền ra'),
      ).toBeVisible();
      const anRow = preview.getByRole('row').filter({ hasText: anNumber });
      await expect(anRow).toContainText(`Trần An ${width}`);
      await expect(anRow).toContainText('1.200.000 ₫');
      await expect(anRow).toContainText('Khớp đủ');
      const binhRow = preview.getByRole('row').filter({ hasText: binhNumber });
      await expect(binhRow).toContainText(`Lê Bình ${width}`);
      await expect(binhRow).toContainText('Trả một phần');
      await expect(binhRow).toContainText('Còn nợ 1.200.000 ₫');
      await expect(preview.getByRole('row').filter({ hasText: unknown })).toContainText('Chưa rõ');

      await page.getByRole('button', { name: 'Ghi nhận 2 khoản' }).click();
      await expectToast(page, 'Đã ghi nhận 2 khoản; 1 khoản chờ đối soát.');
      await expect(preview).toHaveCount(0);

      // The unknown transfer waits in the list: staff give it to Bình.
      const waiting = page
        .getByRole('table', { name: 'Giao dịch chờ đối soát' })
        .getByRole('row')
        .filter({ hasText: unknown });
      await expect(waiting).toContainText('700.000 ₫');
      await waiting.getByRole('button', { name: /^Gán cho học viên/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: 'Học viên' }).fill(`Le Binh ${width}`);
      await page.getByRole('option', { name: new RegExp(`Lê Bình ${width}`) }).click();
      await dialog.getByRole('combobox', { name: 'Hoá đơn (không bắt buộc)' }).click();
      await page.getByRole('option', { name: new RegExp(binhNumber) }).click();
      await dialog.getByRole('button', { name: 'Lưu' }).click();
      await expectToast(page, `Đã ghi nhận khoản chuyển khoản cho Lê Bình ${width}.`);
      await expect(waiting).toHaveCount(0);

      // Both invoices paid: Bình's by the part payment and the transfer given to him.
      const after = (await admin.get(`/api/invoices?class_id=${classId}`)).body.items;
      const stateOf = (number: string) =>
        after.find((i: { number: string }) => i.number === number).state;
      expect(stateOf(anNumber)).toBe('paid');
      expect(stateOf(binhNumber)).toBe('paid');
    });
  });
}
