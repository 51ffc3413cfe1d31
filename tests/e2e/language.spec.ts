// Vietnamese and English: the login page follows the browser's language; a user switches to
// English in the profile dialog (kept on the server, so it follows them) and back; in English,
// what the server says and writes shows no Vietnamese.
import fs from 'node:fs/promises';
import { expect, test } from './fixtures.ts';

test.describe('in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('the login page is in English until the user chooses', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
    await page.getByLabel('Email').fill('nobody');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  });
});

test('a teacher switches to English, sees the app in English in every browser, and switches back', async ({
  page,
  app,
  signIn,
}) => {
  const teacher = await app.account('teacher', { full_name: 'Cô Mai' });
  await signIn(page, teacher);
  await expect(page.getByRole('heading', { name: 'Xin chào, Cô Mai!' })).toBeVisible();
  await page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' }).click();
  await page
    .getByRole('dialog', { name: 'Hồ sơ cá nhân' })
    .getByText('English', { exact: true })
    .click();

  // The app starts again in English.
  await expect(page.getByRole('heading', { name: 'Hello, Cô Mai!' })).toBeVisible();
  await expect(page.getByText('No classes today')).toBeVisible();
  await page.getByRole('link', { name: 'My Classes' }).click();
  await expect(page.getByText('Manage the classes assigned to you')).toBeVisible();
  // Kept on the server: another browser, after signing in, is in English too.
  const other = await page.context().browser()!.newContext({ locale: 'vi-VN' });
  const elsewhere = await other.newPage();
  await elsewhere.goto(`${app.baseUrl}/login`);
  await elsewhere.getByLabel('Email').fill(teacher.email);
  await elsewhere.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(teacher.password);
  await elsewhere.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(elsewhere.getByRole('heading', { name: 'Hello, Cô Mai!' })).toBeVisible();
  await other.close();

  // A server's reply is shown in English too.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Profile' })
    .getByText('Tiếng Việt', { exact: true })
    .click();
  await expect(page.getByText('Quản lý các lớp học được phân công cho bạn')).toBeVisible();
});

const VIETNAMESE = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;

test("in English, the server's refusals, its successes and its exports show no Vietnamese", async ({
  page,
  app,
  signIn,
}) => {
  const stamp = Date.now() % 100000;
  const staff = await app.account('staff', { full_name: `Staff ${stamp}` });
  expect((await staff.client.put('/api/profile/language', { language: 'en' })).status).toBe(200);
  await signIn(page, staff);
  // The app starts again in the language kept on the server: wait for it before moving on, or the
  // restart would interrupt the next navigation.
  await expect(page.getByRole('heading', { name: `Hello, Staff ${stamp}!` })).toBeVisible();
  await page.goto('/students');
  await page.getByRole('button', { name: 'Import from file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import accounts from a file' });
  const upload = (csv: string) =>
    dialog.locator('input[type=file]').setInputFiles({
      name: 'students.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}`),
    });

  // A refusal: the code's text in English.
  await upload('Full name,Email\r\n');
  await expect(dialog.getByText('The file has no data rows.')).toBeVisible();
  expect(await dialog.textContent()).not.toMatch(VIETNAMESE);

  // A success: the toast and the result, from the reply's code and values.
  await upload(
    `Full name,Email\r\nAnna ${stamp},anna${stamp}@english.test\r\nBen ${stamp},ben${stamp}@english.test\r\n`,
  );
  await expect(dialog.getByText('2 rows read from the file.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByRole('button', { name: 'Import 2 accounts' }).click();
  const done = 'Imported: 2 new accounts, 0 accounts reactivated, 0 rows skipped.';
  await expect(dialog.getByText(done)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: done })).toBeVisible();
  expect(await dialog.textContent()).not.toMatch(VIETNAMESE);
  expect(await page.getByRole('alert').filter({ hasText: done }).textContent()).not.toMatch(
    VIETNAMESE,
  );
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The export, written by the server in the user's language.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await fs.readFile(await download.path())).toString('utf8');
  // Every field quoted (issue 30 finding 1: no cell a spreadsheet would run).
  expect(text).toContain('"No.","Full name","Email","Phone","Username","Status","Created"');
  expect(text).toContain(`Anna ${stamp}`);
  // Other stories' students may have Vietnamese names: what the server wrote is the rest.
  const written = text
    .trim()
    .split('\r\n')
    .map((line) => line.split(',').map((field) => field.replace(/^"|"$/g, '')))
    .flatMap(([number, , , , status, created]) => [number, status, created]);
  expect(written.join(' ')).not.toMatch(VIETNAMESE);
  expect(written).toContain('Active');
});
