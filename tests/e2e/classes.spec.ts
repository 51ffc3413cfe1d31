import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addDays, apiClass, apiEnrol, apiLesson, shown, vnDate, vnTime } from './school-helpers.ts';

/** The class details dialog (titled with the class's name), whichever class it shows. */
const classDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Tổng Quan' }) });

const today = () => vnDate(Date.now());

test('staff creates a class, enrols a student and adds a lesson, with every validation message', async ({
  page,
  app,
  signIn,
}) => {
  const stamp = Date.now() % 100000;
  await app.account('teacher', { full_name: `Thầy Tùng ${stamp}` });
  await app.account('student', { full_name: `Học viên Hoa ${stamp}` });
  await signIn(page, await app.account('staff'));
  await page.getByRole('link', { name: 'Classes' }).click();
  await page.getByRole('button', { name: 'Tạo lớp học' }).click();
  const form = page.getByRole('dialog', { name: 'Tạo lớp học' });
  const save = form.getByRole('button', { name: 'Lưu lớp học' });
  // Every field's problem at once, each under its own field (and named by it for screen readers).
  await save.click();
  const nameInput = form.getByRole('textbox', { name: 'Tên lớp học' });
  const teacherSelect = form.getByRole('combobox', { name: 'Giáo viên' });
  await expect(nameInput).toHaveAccessibleDescription('Vui lòng nhập tên lớp học');
  await expect(teacherSelect).toHaveAccessibleDescription('Vui lòng chọn giáo viên');
  await expect(form.getByLabel('Ngày bắt đầu')).toHaveAccessibleDescription(
    'Vui lòng chọn ngày bắt đầu và kết thúc',
  );
  await expect(form.getByLabel('Ngày kết thúc')).toHaveAccessibleDescription(
    'Vui lòng chọn ngày bắt đầu và kết thúc',
  );
  await nameInput.fill(`IELTS ${stamp}`);
  await save.click();
  await expect(nameInput).not.toHaveAccessibleDescription('Vui lòng nhập tên lớp học');
  await expect(teacherSelect).toHaveAccessibleDescription('Vui lòng chọn giáo viên');
  // The shared searchable select: type to filter, arrows and Enter to choose.
  await teacherSelect.click();
  await teacherSelect.fill(`Tùng ${stamp}`);
  await expect(page.getByRole('option', { name: `Thầy Tùng ${stamp}` })).toBeVisible();
  await teacherSelect.press('ArrowDown');
  await teacherSelect.press('Enter');
  await expect(teacherSelect).toHaveValue(`Thầy Tùng ${stamp}`);
  await form.getByLabel('Ngày bắt đầu').fill(shown(addDays(today(), 30)));
  await form.getByLabel('Ngày kết thúc').fill(shown(addDays(today(), 1)));
  await form.getByLabel('Ngày kết thúc').press('Tab');
  await save.click();
  await expect(form.getByLabel('Ngày kết thúc')).toHaveAccessibleDescription(
    'Ngày kết thúc không được trước ngày bắt đầu',
  );
  await form.getByLabel('Ngày bắt đầu').fill(shown(today()));
  await expect(form.getByLabel('Ngày bắt đầu')).toHaveValue(shown(today()));
  await form.getByLabel('Ngày kết thúc').fill(shown(addDays(today(), 60)));
  await form.getByLabel('Ngày kết thúc').press('Tab');
  await save.click();
  await expect(page.getByText('Tạo lớp học thành công!')).toBeVisible();

  await page.getByRole('button', { name: `IELTS ${stamp}` }).click();
  const details = classDialog(page);
  // Its title is the class's name, whichever tab is open.
  await expect(page.getByRole('dialog', { name: `IELTS ${stamp}` })).toBeVisible();
  await expect(details.getByText(`Thầy Tùng ${stamp}`)).toBeVisible();
  await details.getByRole('tab', { name: 'Học Viên' }).click();
  await expect(details.getByText('Lớp học chưa có học viên.')).toBeVisible();
  const picker = details.getByRole('combobox', { name: 'Chọn học viên' });
  await picker.click();
  await picker.fill(`Hoa ${stamp}`);
  await expect(
    page.getByRole('option', { name: new RegExp(`Học viên Hoa ${stamp}`) }),
  ).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(picker).toHaveValue(new RegExp(`Học viên Hoa ${stamp}`));
  await details.getByRole('button', { name: 'Thêm', exact: true }).click();
  await expect(page.getByText('Đã thêm học viên vào lớp.')).toBeVisible();
  await expect(
    details.getByRole('row', { name: new RegExp(`Học viên Hoa ${stamp}`) }),
  ).toBeVisible();

  await details.getByRole('tab', { name: 'Lịch Học' }).click();
  await details.getByRole('button', { name: 'Thêm buổi học' }).click();
  const lesson = page.getByRole('dialog', { name: 'Thêm buổi học' });
  const add = lesson.getByRole('button', { name: 'Thêm buổi học' });
  const topic = lesson.getByRole('textbox', { name: 'Chủ đề' });
  const start = lesson.getByLabel('Bắt đầu');
  const end = lesson.getByLabel('Kết thúc');
  await add.click();
  await expect(topic).toHaveAccessibleDescription('Vui lòng nhập chủ đề buổi học');
  await expect(start).toHaveAccessibleDescription('Vui lòng chọn thời gian bắt đầu và kết thúc');
  await expect(end).toHaveAccessibleDescription('Vui lòng chọn thời gian bắt đầu và kết thúc');
  await topic.fill('Speaking Part 2');
  // Typed and shown the Vietnamese way: dd/mm/yyyy and a 24-hour time.
  await start.fill(`${shown(addDays(today(), 2))} 09:00`);
  await expect(start).toHaveValue(`${shown(addDays(today(), 2))} 09:00`);
  // Choosing a start sets the end one hour later.
  await expect(end).toHaveValue(`${shown(addDays(today(), 2))} 10:00`);
  await expect(lesson.getByTestId('lesson-duration')).toHaveText('Thời lượng: 1 giờ');
  await end.fill(`${shown(addDays(today(), 2))} 10:30`);
  await expect(lesson.getByTestId('lesson-duration')).toHaveText('Thời lượng: 1 giờ 30 phút');
  await end.fill(`${shown(addDays(today(), 2))} 08:00`);
  await add.click();
  await expect(end).toHaveAccessibleDescription('Thời gian kết thúc phải sau thời gian bắt đầu');
  await start.fill(`${shown(addDays(today(), -1))} 09:00`);
  await add.click();
  await expect(start).toHaveAccessibleDescription('Thời gian bắt đầu không thể trong quá khứ');
  await start.fill(`${shown(addDays(today(), 2))} 09:00`);
  await add.click();
  await expect(page.getByText('Đã thêm buổi học.')).toBeVisible();
  await expect(details.getByTestId('lesson-item')).toContainText('Speaking Part 2');
  await expect(details.getByTestId('lesson-item')).toContainText('Chưa bắt đầu');

  // A lesson overlapping it is refused by the server with a clear message.
  await details.getByRole('button', { name: 'Thêm buổi học' }).click();
  await lesson.getByRole('textbox', { name: 'Chủ đề' }).fill('Overlap');
  await lesson.getByLabel('Bắt đầu').fill(`${shown(addDays(today(), 2))} 09:30`);
  await add.click();
  // The server's refusal names the field: it is shown under it.
  await expect(lesson.getByLabel('Bắt đầu')).toHaveAccessibleDescription(
    'Lớp học đã có buổi học khác trong khoảng thời gian này.',
  );
});

test('a teacher sees only their own classes and schedules', async ({ page, app, signIn }) => {
  const admin = await app.admin();
  const mine = await app.account('teacher');
  const other = await app.account('teacher');
  const stamp = Date.now() % 100000;
  const own = await apiClass(admin, mine.user.user_id, `Own class ${stamp}`);
  const foreign = await apiClass(admin, other.user.user_id, `Foreign class ${stamp}`);
  await apiLesson(admin, own, `Own lesson ${stamp}`, vnTime(addDays(today(), 3), '09:00'));
  await apiLesson(admin, foreign, `Foreign lesson ${stamp}`, vnTime(addDays(today(), 3), '09:00'));

  await signIn(page, mine);
  await page.getByRole('link', { name: 'My Classes' }).click();
  await expect(page.getByText('Quản lý các lớp học được phân công cho bạn')).toBeVisible();
  await expect(page.getByTestId('class-list').getByRole('button')).toHaveText([
    new RegExp(`Own class ${stamp}`),
  ]);
  await page.getByRole('link', { name: 'My Schedules' }).click();
  await expect(page.getByRole('heading', { name: 'My Teaching Schedule' })).toBeVisible();
  await expect(page.getByTestId('schedule-card')).toHaveCount(1);
  await expect(page.getByTestId('schedule-card')).toContainText(`Own lesson ${stamp}`);
  // A click opens the class details, read-only.
  await page.getByTestId('schedule-card').click();
  const details = classDialog(page);
  await expect(details.getByRole('tabpanel').getByText(`Own class ${stamp}`)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Sửa lớp học' })).toHaveCount(0);
  await details.getByRole('tab', { name: 'Lịch Học' }).click();
  await expect(details.getByRole('button', { name: 'Thêm buổi học' })).toHaveCount(0);
});

test('a student sees the card grid with progress, no Students tab, and no host start URL anywhere', async ({
  page,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  const teacher = await app.account('teacher', { full_name: 'Cô Vân' });
  const student = await app.account('student');
  const classId = await apiClass(
    admin,
    teacher.user.user_id,
    'Grid class',
    today(),
    addDays(today(), 60),
  );
  await apiEnrol(admin, classId, [student.user.user_id]);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++)
    ids.push(
      await apiLesson(admin, classId, `Lesson ${i}`, vnTime(addDays(today(), i + 1), '19:00')),
    );
  app.sql("update schedules set status = 'active' where schedule_id = ?", ids[0]!);
  app.sql(
    "insert into lesson_meetings (schedule_id, provider, external_id, join_data, secret_data, created_at) values (?, 'zoom', '987654321', ?, ?, '2030-01-01T00:00:00.000Z')",
    ids[0]!,
    JSON.stringify({ join_url: 'https://zoom.example/j/987654321?pwd=join-part-of-a-long-url' }),
    JSON.stringify({
      start_url: 'https://zoom.example/s/HOST-SECRET-TOKEN',
      password: 'pw-secret',
    }),
  );

  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/')) bodies.push(await response.text().catch(() => ''));
  });
  await signIn(page, student);
  await page.getByRole('link', { name: 'My Classes' }).click();
  await expect(page.getByText('Xem các lớp học bạn đã đăng ký')).toBeVisible();
  const card = page.getByTestId('class-grid').getByRole('button', { name: 'Grid class' });
  await expect(card).toContainText('Cô Vân');
  // 60% of 5 lessons, rounded down: 3.
  await expect(card.getByTestId('progress-text')).toHaveText('3/5');
  await card.click();
  const details = classDialog(page);
  await expect(details.getByRole('tab', { name: 'Học Viên' })).toHaveCount(0);
  await details.getByRole('tab', { name: 'Lịch Học' }).click();
  await expect(details.getByTestId('lesson-item').first()).toContainText('Lesson 0');
  // The join URL is shown truncated at 40 characters.
  await expect(details.getByText('https://zoom.example/j/987654321?pwd=joi...')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Tham gia' })).toBeVisible();

  const html = await page.content();
  expect(html).not.toContain('HOST-SECRET-TOKEN');
  expect(bodies.length).toBeGreaterThan(3);
  for (const body of bodies) {
    expect(body).not.toContain('HOST-SECRET-TOKEN');
    expect(body).not.toContain('start_url');
  }
});

test('teachers page through 11 classes, 10 at a time, and filter by dates', async ({
  page,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  const teacher = await app.account('teacher');
  for (let i = 0; i < 10; i++) {
    await apiClass(admin, teacher.user.user_id, `Spring ${i}`, '2031-03-01', '2031-05-31');
  }
  await apiClass(admin, teacher.user.user_id, 'Autumn', '2031-09-01', '2031-11-30');
  await signIn(page, teacher);
  await page.goto('/classes');
  const list = page.getByTestId('class-list').getByRole('button');
  await expect(list).toHaveCount(10);
  await expect(page.getByText('1 of 2')).toBeVisible();
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByText('2 of 2')).toBeVisible();
  await expect(list).toHaveCount(1);

  await page.getByLabel('Từ ngày').fill('2031-08-01');
  await expect(list).toHaveText([/Autumn/]);
  await expect(page.getByText('1 of 2')).toHaveCount(0);
  await page.getByLabel('Từ ngày').fill('2031-01-01');
  await page.getByLabel('Đến ngày').fill('2031-04-01');
  await expect(list).toHaveCount(10);
  await expect(page.getByText('Autumn')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('1 of 2')).toBeVisible();
});

test('the copy action puts the whole meeting URL on the clipboard', async ({
  page,
  app,
  signIn,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = await app.admin();
  const teacher = await app.account('teacher');
  const classId = await apiClass(admin, teacher.user.user_id, 'Copy class');
  const id = await apiLesson(admin, classId, 'Copy lesson', vnTime(addDays(today(), 1), '08:00'));
  const url = 'https://zoom.example/j/1234567890?pwd=abcdefghijklmnopqrstuvwxyz';
  app.sql(
    "insert into lesson_meetings (schedule_id, provider, external_id, join_data, secret_data, created_at) values (?, 'zoom', null, ?, ?, '2030-01-01T00:00:00.000Z')",
    id,
    JSON.stringify({ join_url: url }),
    '{}',
  );
  await signIn(page, teacher);
  await page.goto('/classes');
  await page.getByRole('button', { name: 'Copy class' }).click();
  const details = classDialog(page);
  await details.getByRole('tab', { name: 'Lịch Học' }).click();
  await details.getByRole('button', { name: 'Sao chép Link tham gia' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);
});

test('deleting a lesson asks first and reports with the messages of §8; staff cannot delete a completed one', async ({
  page,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  const teacher = await app.account('teacher');
  const classId = await apiClass(admin, teacher.user.user_id, 'Delete lessons');
  await apiLesson(admin, classId, 'Disposable lesson', vnTime(addDays(today(), 2), '09:00'));
  const done = await apiLesson(
    admin,
    classId,
    'Finished lesson',
    vnTime(addDays(today(), 3), '09:00'),
  );
  app.sql("update schedules set status = 'completed' where schedule_id = ?", done);

  await signIn(page, await app.account('staff'));
  await page.goto('/classes');
  await page.getByRole('button', { name: 'Delete lessons' }).click();
  const details = classDialog(page);
  await details.getByRole('tab', { name: 'Lịch Học' }).click();
  await expect(details.getByRole('button', { name: 'Xóa buổi học Finished lesson' })).toHaveCount(
    0,
  );
  await details.getByRole('button', { name: 'Xóa buổi học Disposable lesson' }).click();
  const confirm = page.getByRole('dialog', { name: 'Xóa buổi học' });
  await expect(confirm).toContainText('không thể hoàn tác');
  await confirm.getByRole('button', { name: 'Xóa', exact: true }).click();
  await expect(page.getByText('Đã xóa', { exact: true })).toBeVisible();
  await expect(page.getByText('Buổi học đã được xóa thành công')).toBeVisible();
  await expect(details.getByTestId('lesson-item')).toHaveText([/Finished lesson/]);
});

test('an open dashboard shows a lesson added for today without reloading', async ({
  page,
  app,
  signIn,
}) => {
  const day = '2031-07-01';
  await app.setServerTime(vnTime(day, '08:00'));
  await page.clock.setFixedTime(new Date(vnTime(day, '08:00')));
  const admin = await app.admin();
  const teacher = await app.account('teacher');
  const student = await app.account('student');
  const classId = await apiClass(
    admin,
    teacher.user.user_id,
    'Live refresh',
    day,
    addDays(day, 30),
  );
  await apiEnrol(admin, classId, [student.user.user_id]);
  await signIn(page, student);
  await expect(page.getByText('Không có lớp học hôm nay')).toBeVisible();
  await apiLesson(admin, classId, 'Pop-up lesson', vnTime(day, '10:00'), 45);
  await expect(page.getByRole('region', { name: 'Hôm nay' })).toContainText('Pop-up lesson');
});

test('the class dialog refreshes its lessons every 60 s, even with no realtime event', async ({
  page,
  app,
  signIn,
}) => {
  await page.clock.install();
  const admin = await app.admin();
  const teacher = await app.account('teacher');
  const classId = await apiClass(admin, teacher.user.user_id, 'Refresh class');
  await apiLesson(admin, classId, 'First lesson', vnTime(addDays(today(), 1), '09:00'));
  await signIn(page, teacher);
  await page.goto('/classes');
  await page.getByRole('button', { name: 'Refresh class' }).click();
  const details = classDialog(page);
  await details.getByRole('tab', { name: 'Lịch Học' }).click();
  await expect(details.getByTestId('lesson-item')).toHaveCount(1);
  // Written behind the server's back: no event announces it.
  app.sql(
    "insert into schedules (schedule_id, class_id, topic, description, start_time, end_time, status, created_at, updated_at) values (?, ?, 'Quiet lesson', null, ?, ?, 'pending', ?, ?)",
    crypto.randomUUID(),
    classId,
    vnTime(addDays(today(), 2), '09:00'),
    vnTime(addDays(today(), 2), '10:00'),
    new Date().toISOString(),
    new Date().toISOString(),
  );
  await page.clock.runFor(30_000);
  await expect(details.getByTestId('lesson-item')).toHaveCount(1);
  await page.clock.runFor(31_000);
  await expect(details.getByTestId('lesson-item')).toHaveCount(2);
});

test("a copy the browser refuses says 'Lỗi sao chép'", async ({ page, app, signIn }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
  });
  const admin = await app.admin();
  const teacher = await app.account('teacher');
  const classId = await apiClass(admin, teacher.user.user_id, 'No copy class');
  const id = await apiLesson(
    admin,
    classId,
    'No copy lesson',
    vnTime(addDays(today(), 1), '08:00'),
  );
  app.sql(
    "insert into lesson_meetings (schedule_id, provider, external_id, join_data, secret_data, created_at) values (?, 'zoom', null, ?, ?, '2030-01-01T00:00:00.000Z')",
    id,
    JSON.stringify({ join_url: 'https://zoom.example/j/1' }),
    '{}',
  );
  await signIn(page, teacher);
  await page.goto('/classes');
  await page.getByRole('button', { name: 'No copy class' }).click();
  const details = classDialog(page);
  await details.getByRole('tab', { name: 'Lịch Học' }).click();
  await details.getByRole('button', { name: 'Sao chép Link tham gia' }).click();
  await expect(page.getByText('Lỗi sao chép')).toBeVisible();
});

test('admin edits and then deletes a class from its dialog', async ({ page, app, signIn }) => {
  const admin = await app.admin();
  const teacher = await app.account('teacher', { full_name: 'Thầy Sửa' });
  const stamp = Date.now() % 100000;
  await apiClass(admin, teacher.user.user_id, `Editable ${stamp}`);
  await signIn(page, await app.account('admin'));
  await page.goto('/classes');
  await page.getByRole('button', { name: `Editable ${stamp}` }).click();
  const details = classDialog(page);
  await details.getByRole('button', { name: 'Sửa lớp học' }).click();
  const form = page.getByRole('dialog', { name: 'Sửa lớp học' });
  await expect(form.getByRole('textbox', { name: 'Tên lớp học' })).toHaveValue(`Editable ${stamp}`);
  await form.getByRole('textbox', { name: 'Tên lớp học' }).fill(`Edited ${stamp}`);
  await form.getByRole('button', { name: 'Lưu lớp học' }).click();
  await expect(page.getByText('Cập nhật lớp học thành công!')).toBeVisible();
  await expect(details.getByRole('tabpanel').getByText(`Edited ${stamp}`)).toBeVisible();

  await details.getByRole('button', { name: 'Xóa lớp học' }).click();
  await page
    .getByRole('dialog', { name: 'Xóa lớp học' })
    .getByRole('button', { name: 'Xóa', exact: true })
    .click();
  await expect(page.getByText('Đã xóa lớp học.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Edited ${stamp}` })).toHaveCount(0);
});

test.describe('on a phone', () => {
  // 543 px of content: two 260 px cards would fit; the narrow rule below 550 px makes it one.
  test.use({ viewport: { width: 575, height: 900 } });

  test("a student's class cards take one narrow column below 550 px", async ({
    page,
    app,
    signIn,
  }) => {
    const admin = await app.admin();
    const teacher = await app.account('teacher');
    const student = await app.account('student');
    for (const name of ['Narrow A', 'Narrow B']) {
      const classId = await apiClass(admin, teacher.user.user_id, name);
      await apiEnrol(admin, classId, [student.user.user_id]);
    }
    await signIn(page, student);
    await page.goto('/classes');
    const [a, b] = [
      await page.getByRole('button', { name: 'Narrow A' }).boundingBox(),
      await page.getByRole('button', { name: 'Narrow B' }).boundingBox(),
    ];
    // One column: the cards sit one above the other, each the grid's full width.
    expect(Math.abs(a!.x - b!.x)).toBeLessThan(2);
    expect(Math.abs(a!.y - b!.y)).toBeGreaterThan(50);
  });
});
