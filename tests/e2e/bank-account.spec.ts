// VietQR (issue 27), on a desktop and on a phone: the admin opens Settings → Tài khoản ngân hàng,
// finds the bank by typing part of its name without accents, gives the account number and the
// holder's name with accents (the form writes it as banks print it), is told what is wrong, saves,
// and sees a sample code of 10.000 ₫ whose image a phone would read as a transfer into that
// account; the card then names the account. Staff never see the card.
import { scanQr } from '../helpers/qr.ts';
import { ADMIN, expect, test } from './fixtures.ts';
import { expectToast } from './pages/dialogs.ts';

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('the admin sets the bank account and sees the sample code work', async ({
      page,
      app,
      signIn,
    }) => {
      // Each width starts with no account (the worker's server is shared).
      const admin = await app.admin();
      await admin.put('/api/center-settings/bank-account', {
        bank_bin: null,
        account_number: null,
        account_name: null,
      });
      const accountNumber = width === 1366 ? '0071000123456' : '19036543210011';
      await signIn(page, ADMIN, '/settings');
      const card = page.getByRole('button', { name: 'Mở Tài khoản ngân hàng' });
      await expect(page.getByTestId('bank-account-summary')).toHaveText(
        'Chưa có tài khoản ngân hàng',
      );
      await card.click();
      const dialog = page.getByRole('dialog', { name: 'Tài khoản ngân hàng của trung tâm' });

      // Nothing picked: each field says what it needs.
      await dialog.getByRole('button', { name: 'Lưu tài khoản' }).click();
      await expect(dialog.getByText('Vui lòng chọn ngân hàng trong danh sách.')).toBeVisible();
      await expect(dialog.getByText('Số tài khoản gồm từ 6 đến 19 chữ số.')).toBeVisible();

      // The bank, found by its full name typed without accents.
      const bank = dialog.getByRole('combobox', { name: 'Ngân hàng' });
      await bank.click();
      await bank.fill(width === 1366 ? 'ngoai thuong' : 'ky thuong');
      const option = page.getByRole('option', {
        name: width === 1366 ? /Vietcombank/ : /Techcombank/,
      });
      await option.click();
      await expect(bank).toHaveValue(width === 1366 ? 'Vietcombank' : 'Techcombank');

      await dialog.getByRole('textbox', { name: 'Số tài khoản' }).fill('12345');
      const name = dialog.getByRole('textbox', { name: 'Tên chủ tài khoản' });
      await name.fill('Trung tâm Anh ngữ Đức Anh');
      await expect(name).toHaveValue('TRUNG TAM ANH NGU DUC ANH');
      await dialog.getByRole('button', { name: 'Lưu tài khoản' }).click();
      await expect(dialog.getByText('Số tài khoản gồm từ 6 đến 19 chữ số.')).toBeVisible();

      await dialog.getByRole('textbox', { name: 'Số tài khoản' }).fill(accountNumber);
      await dialog.getByRole('button', { name: 'Lưu tài khoản' }).click();
      await expectToast(page, 'Đã lưu tài khoản ngân hàng của trung tâm.');

      // The sample: 10.000 ₫ into this account, with a content that says it is a test.
      const sample = dialog.getByRole('region', { name: 'Mã mẫu' });
      const bankName = width === 1366 ? 'Vietcombank' : 'Techcombank';
      const image = sample.getByRole('img', {
        name: `Mã VietQR chuyển 10.000 ₫ vào tài khoản ${accountNumber} tại ${bankName}`,
      });
      await expect(image).toBeVisible();
      await expect(sample).toContainText('TRUNG TAM ANH NGU DUC ANH');
      await expect(sample).toContainText('10.000 ₫');
      await expect(sample).toContainText('KIEM TRA VIETQR');
      await expect(
        sample.getByRole('button', { name: 'Sao chép nội dung chuyển khoản' }),
      ).toBeVisible();
      // What a phone reads from the image on the page.
      const scanned = scanQr((await image.getAttribute('src'))!).text;
      expect(scanned).toContain(`${String(accountNumber.length).padStart(2, '0')}${accountNumber}`);
      expect(scanned).toContain('QRIBFTTA');
      expect(scanned).toContain('540510000');
      expect(scanned).toContain('KIEM TRA VIETQR');
      // Nothing of the dialog spills past a phone's width.
      const box = await sample.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);

      await dialog.getByRole('button', { name: 'Đóng' }).last().click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('bank-account-summary')).toContainText(bankName);
      await expect(page.getByTestId('bank-account-summary')).toContainText(accountNumber);
    });
  });
}

test('staff do not see the card (Settings is the admin’s)', async ({ page, app, signIn }) => {
  const staff = await app.account('staff');
  await signIn(page, staff, '/settings');
  await expect(page.getByRole('button', { name: 'Mở Tài khoản ngân hàng' })).toHaveCount(0);
});
