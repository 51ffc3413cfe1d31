// Materials and the Library (issue 29 point 3, docs/decisions/038-materials.md): a teacher attaches
// a PDF to the class from its 'Tài liệu' tab (a program renamed .pdf is refused with its reason
// first) and a link to one lesson, which the lesson then shows; a student on a phone opens the
// Library, finds the PDF by typing without accents and opens it: the file answers 200 as a PDF.
// Then the teacher deletes it, and its address finds nothing.
import { PDF } from '../helpers/materials.ts';
import { createClass, createLesson, enrol, runningFromToday } from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { openClass } from './pages/classes.ts';
import { confirmIn, expectToast } from './pages/dialogs.ts';

test('a teacher attaches a PDF and a lesson link; a student finds and opens it in the Library on a phone', async ({
  page,
  app,
  signIn,
  browser,
}) => {
  const stamp = String(Date.now() % 100000);
  const admin = await app.admin();
  const [teacher, student] = await Promise.all([
    app.account('teacher', { full_name: `Cô Hoa ${stamp}` }),
    app.account('student', { full_name: `Minh ${stamp}` }),
  ]);
  const className = `Tiếng Anh ${stamp}`;
  const { class_id: classId } = await createClass(admin, teacher!.user.user_id, {
    class_name: className,
    ...runningFromToday(),
  });
  await enrol(admin, classId, [student!.user.user_id]);
  await createLesson(
    admin,
    classId,
    new Date(Date.now() + 3 * 86_400_000).toISOString(),
    60,
    `Buổi nghe ${stamp}`,
  );

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, teacher!, '/classes');
  const dialog = await openClass(page, className);
  await dialog.getByRole('tab', { name: 'Tài liệu' }).click();
  await expect(dialog.getByText('Chưa có tài liệu nào.')).toBeVisible();

  // A program renamed .pdf: the server reads what it is and says so.
  await dialog.getByRole('button', { name: 'Tải tệp lên' }).click();
  const upload = page.getByRole('dialog', { name: 'Tải tệp lên' });
  await upload.locator('input[type=file]').setInputFiles({
    name: 'setup.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
  });
  await upload.getByRole('button', { name: 'Lưu' }).click();
  await expect(upload.getByText(/^Loại tệp không được hỗ trợ/)).toBeVisible();

  await upload.locator('input[type=file]').setInputFiles({
    name: 'Bài tập Tuần 1.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await upload.getByRole('textbox', { name: 'Tiêu đề' }).fill('Bài tập Tuần 1');
  await upload.getByRole('textbox', { name: 'Mô tả' }).fill('Làm trước buổi sau');
  await upload.getByRole('button', { name: 'Lưu' }).click();
  await expectToast(page, 'Đã thêm tài liệu.');
  await expect(upload).toBeHidden();
  const items = dialog.getByTestId('material-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Bài tập Tuần 1');
  await expect(items.first()).toContainText('Làm trước buổi sau');

  await dialog.getByRole('button', { name: 'Thêm liên kết' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Thêm liên kết' });
  await linkDialog.getByRole('textbox', { name: 'Tiêu đề' }).fill('Bài nghe BBC');
  await linkDialog.getByRole('textbox', { name: 'Địa chỉ liên kết' }).fill('bbc.co.uk');
  await linkDialog.getByRole('combobox', { name: 'Dành cho' }).click();
  await page.getByRole('option', { name: new RegExp(`^Buổi nghe ${stamp}`) }).click();
  await linkDialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(
    linkDialog.getByText('Địa chỉ liên kết phải bắt đầu bằng http:// hoặc https://.'),
  ).toBeVisible();
  await linkDialog
    .getByRole('textbox', { name: 'Địa chỉ liên kết' })
    .fill('https://www.bbc.co.uk/learningenglish');
  await linkDialog.getByRole('button', { name: 'Lưu' }).click();
  // The file's toast may still show beside the link's: the newest one says it.
  await expect(page.getByText('Đã thêm tài liệu.').last()).toBeVisible();
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`Buổi học: Buổi nghe ${stamp}`);

  // The lesson shows its link.
  await dialog.getByRole('tab', { name: 'Lịch Học' }).click();
  const lesson = dialog.getByTestId('lesson-item').filter({ hasText: `Buổi nghe ${stamp}` });
  await expect(lesson.getByRole('link', { name: 'Mở tài liệu Bài nghe BBC' })).toHaveAttribute(
    'href',
    'https://www.bbc.co.uk/learningenglish',
  );

  // The student, on a phone.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    baseURL: app.baseUrl,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const studentPage = await phone.newPage();
    await signIn(studentPage, student!);
    await studentPage.goto('/library');
    await expect(studentPage.getByRole('heading', { name: 'Library' })).toBeVisible();
    const cards = studentPage.getByTestId('material-item');
    await expect(cards).toHaveCount(2);
    // Newest first: the link, then the PDF.
    await expect(cards.nth(0)).toContainText('Bài nghe BBC');
    await expect(cards.nth(1)).toContainText('Bài tập Tuần 1');
    await expect(cards.nth(1)).toContainText(className);

    await studentPage.getByRole('textbox', { name: 'Tìm tài liệu' }).fill('bai tap tuan');
    await expect(cards).toHaveCount(1);
    const open = cards.getByRole('link', { name: 'Mở tài liệu Bài tập Tuần 1' });
    await expect(open).toHaveAttribute('target', '_blank');
    const href = await open.getAttribute('href');
    expect(href).toMatch(/^\/api\/materials\/[0-9a-f-]{36}\/file$/);
    const popup = studentPage.waitForEvent('popup');
    await open.click();
    await (await popup).close();
    // The file, with the student's session: 200, a PDF, its name.
    const file = await studentPage.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Bài tập Tuần 1.pdf')}`,
    );
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // The page fits the phone: nothing wider than the screen.
    const overflow = await studentPage.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await phone.close();
  }

  // Someone outside the class does not reach the file by its address.
  const outsider = await app.account('student');
  const href = (await admin.get(`/api/classes/${classId}/materials`)).body.items.find(
    (m: { kind: string }) => m.kind === 'file',
  ).open_url;
  expect((await outsider!.client.get(href)).status).toBe(403);

  // The teacher deletes the PDF: gone from the tab, and its address finds nothing.
  await dialog.getByRole('tab', { name: 'Tài liệu' }).click();
  await dialog.getByRole('button', { name: 'Xoá tài liệu Bài tập Tuần 1' }).click();
  await confirmIn(page, 'Xoá tài liệu');
  await expectToast(page, 'Đã xoá tài liệu.');
  await expect(items).toHaveCount(1);
  expect((await student!.client.get(href)).status).toBe(404);
});
