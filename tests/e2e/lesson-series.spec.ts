import ICAL from 'ical.js';
import {
  addDays,
  createLesson,
  runningFromToday,
  shown,
  teacherWithClass,
  vnDate,
  vnTime,
} from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { openClass } from './pages/classes.ts';
import { expectToast } from './pages/dialogs.ts';
import { chooseRoom, chooseVenue } from './pages/venues.ts';

const WEEKDAY_CHIPS = ['CN', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'];
/** The chip naming a date's weekday ('T2' for a Monday). */
const chipOf = (date: string) => WEEKDAY_CHIPS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

test('staff previews a series with its clash, creates the rest, then edits and deletes this and following lessons', async ({
  page,
  app,
  signIn,
}) => {
  const today = vnDate(Date.now());
  const first = addDays(today, 1);
  const second = addDays(today, 3);
  const stamp = Date.now() % 100000;
  const { admin, classId } = await teacherWithClass(app, {
    class_name: `Series ${stamp}`,
    start_date: today,
    end_date: addDays(today, 60),
  });
  // The class already has a lesson at 18:30 on the series' first day.
  await createLesson(admin, classId, vnTime(first, '18:30'), 60, 'Placement test');
  // Zoom is not connected on this server: the series is held in a room.
  await admin.post('/api/rooms', { name: `Series room ${stamp}` });

  await signIn(page, await app.account('staff'), '/classes');
  const details = await openClass(page, `Series ${stamp}`, 'Lịch Học');
  await details.getByRole('button', { name: 'Thêm chuỗi buổi học' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm chuỗi buổi học' });
  await expect(dialog.getByRole('textbox', { name: 'Mẫu chủ đề' })).toHaveValue('Unit {n}');

  // Every missing field is named before anything is asked of the server.
  await dialog.getByRole('button', { name: 'Xem trước' }).click();
  await expect(dialog.getByText('Vui lòng chọn ít nhất một ngày trong tuần')).toBeVisible();
  await expect(dialog.getByLabel('Giờ bắt đầu')).toHaveAccessibleDescription(
    'Vui lòng nhập giờ bắt đầu dạng HH:mm',
  );

  for (const date of [first, second]) {
    // A chip is its label (the checkbox inside is visually hidden), as a user clicks it.
    await dialog.getByText(chipOf(date), { exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: chipOf(date), exact: true })).toBeChecked();
  }
  await dialog.getByLabel('Giờ bắt đầu').fill('18:00');
  await dialog.getByRole('textbox', { name: 'Thời lượng (phút)' }).fill('90');
  await dialog.getByLabel('Ngày đầu tiên').fill(shown(first));
  await dialog.getByRole('textbox', { name: 'Số buổi' }).fill('4');
  await chooseVenue(page, dialog, 'Phòng học');
  await chooseRoom(page, dialog, `Series room ${stamp}`);
  await dialog.getByRole('button', { name: 'Xem trước' }).click();

  // The preview: four lessons, the first marked as clashing, nothing created yet.
  await expect(dialog.getByTestId('series-preview-row')).toHaveCount(4);
  await expect(dialog.getByTestId('series-summary')).toHaveText(
    '3 buổi học sẽ được tạo, 1 buổi bị trùng lịch hoặc đã qua.',
  );
  await expect(dialog.getByTestId('series-preview-row').first()).toContainText(
    'Trùng buổi khác của lớp',
  );
  await expect(dialog.getByTestId('series-preview-row').nth(1)).toContainText('Unit 1');
  await expect(dialog.getByTestId('series-preview-row').nth(1)).toContainText('18:00–19:30');
  await expect(details.getByTestId('lesson-item')).toHaveCount(1);

  await expect(dialog.getByRole('radio', { name: /Bỏ qua các buổi bị trùng/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Tạo 3 buổi học' }).click();
  await expectToast(page, 'Đã tạo 3 buổi học, bỏ qua 1 buổi bị trùng.');
  await expect(dialog).toBeHidden();
  await expect(details.getByTestId('lesson-item')).toHaveText([
    /Placement test/,
    /Unit 1.*Chuỗi · buổi 1/,
    /Unit 2.*Chuỗi · buổi 2/,
    /Unit 3.*Chuỗi · buổi 3/,
  ]);

  // This and following: Unit 2 and Unit 3 get a new topic pattern.
  await details.getByRole('button', { name: 'Sửa buổi Unit 2 và các buổi sau' }).click();
  const edit = page.getByRole('dialog', { name: 'Sửa buổi này và các buổi sau' });
  await edit.getByRole('textbox', { name: 'Mẫu chủ đề' }).fill('Review {n}');
  await edit.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expectToast(page, 'Đã cập nhật 2 buổi học.');
  await expect(details.getByTestId('lesson-item')).toHaveText([
    /Placement test/,
    /Unit 1/,
    /Review 2/,
    /Review 3/,
  ]);

  // And deleted from Review 2 on, after a confirmation.
  await details.getByRole('button', { name: 'Xóa buổi Review 2 và các buổi sau' }).click();
  const confirm = page.getByRole('dialog', { name: 'Xóa buổi này và các buổi sau' });
  await expect(confirm).toContainText('không thể hoàn tác');
  await confirm.getByRole('button', { name: 'Xóa', exact: true }).click();
  await expectToast(page, 'Đã xóa 2 buổi học.');
  await expect(details.getByTestId('lesson-item')).toHaveText([/Placement test/, /Unit 1/]);
});

test('a teacher sees series lessons as ordinary lessons, without series buttons', async ({
  page,
  app,
  signIn,
}) => {
  const today = vnDate(Date.now());
  const stamp = Date.now() % 100000;
  const { admin, teacher, classId } = await teacherWithClass(app, {
    class_name: `Taught ${stamp}`,
    ...runningFromToday(),
  });
  const created = await admin.post(`/api/classes/${classId}/schedule-series`, {
    topic_pattern: 'Lesson {n}',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    start_time: '20:00',
    first_date: addDays(today, 1),
    count: 2,
  });
  expect(created.status, created.text).toBe(201);
  await signIn(page, teacher, '/classes');
  const details = await openClass(page, `Taught ${stamp}`, 'Lịch Học');
  await expect(details.getByTestId('lesson-item')).toHaveText([/Lesson 1/, /Lesson 2/]);
  await expect(details.getByRole('button', { name: /và các buổi sau/ })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Thêm chuỗi buổi học' })).toHaveCount(0);
});

test('a teacher subscribes to their calendar: the URL fetches a valid calendar of their lessons, and revoking stops it', async ({
  page,
  app,
  signIn,
}) => {
  const today = vnDate(Date.now());
  const stamp = Date.now() % 100000;
  const { admin, teacher, classId } = await teacherWithClass(
    app,
    { class_name: `Calendar ${stamp}`, ...runningFromToday() },
    'Cô Lịch',
  );
  await createLesson(admin, classId, vnTime(addDays(today, 2), '19:00'), 60, 'Writing task 1');

  await signIn(page, teacher);
  await page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hồ sơ cá nhân' });
  await dialog.getByRole('button', { name: 'Tạo đường dẫn lịch' }).click();
  const field = dialog.getByRole('textbox', { name: 'Đường dẫn lịch (ICS)' });
  await expect(field).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
  await expect(dialog.getByRole('button', { name: 'Sao chép đường dẫn lịch' })).toBeVisible();
  // The browser tests' server has no PUBLIC_ORIGIN: the link says calendar apps cannot reach it.
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Ứng dụng lịch chưa đọc được đường dẫn này' }),
  ).toContainText('PUBLIC_ORIGIN');
  const url = await field.inputValue();

  // What a calendar app gets from the URL: a calendar a real parser reads, with the lesson.
  const feed = await page.request.get(url, { headers: { cookie: '' } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  expect(events.map((e) => e.summary)).toEqual([`Calendar ${stamp} – Writing task 1`]);
  expect(events[0]!.startDate.toString()).toBe(`${addDays(today, 2)}T19:00:00`);
  await expect(dialog.getByText('chỉ hiện một lần này')).toBeVisible();

  // Shown once: after a reload the profile says a link exists, never the link itself.
  await page.reload();
  await page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' }).click();
  await expect(dialog.getByText('Bạn đã có đường dẫn lịch, tạo lúc')).toBeVisible();
  await expect(field).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Tạo đường dẫn mới' })).toBeVisible();
  expect((await page.request.get(url, { headers: { cookie: '' } })).status()).toBe(200);

  await dialog.getByRole('button', { name: 'Thu hồi' }).click();
  await page
    .getByRole('dialog', { name: 'Thu hồi đường dẫn lịch' })
    .getByRole('button', { name: 'Thu hồi' })
    .click();
  await expectToast(page, 'Đã thu hồi đường dẫn lịch.');
  await expect(dialog.getByText('Bạn đã có đường dẫn lịch, tạo lúc')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Tạo đường dẫn lịch' })).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(404);
});
