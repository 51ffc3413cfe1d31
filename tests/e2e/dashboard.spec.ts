import {
  addDays,
  createClass,
  createLesson,
  enrol,
  teacherWithClass,
  vnTime,
} from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';

// A fixed day, far from the real one: the server's clock and the browser's are set to it.
const DAY = '2031-06-10';

test('the dashboard shows Today and Upcoming with the button of each state, per role', async ({
  page,
  app,
  signIn,
}) => {
  // Time first: sessions made before a jump of years would have expired.
  await app.setServerTime(vnTime(DAY, '05:00'));
  const student = await app.account('student', { full_name: 'Trò Mai' });
  const { admin, teacher, classId } = await teacherWithClass(
    app,
    { class_name: 'Dashboard class', start_date: addDays(DAY, -1), end_date: addDays(DAY, 30) },
    'Thầy Dũng',
  );
  await enrol(admin, classId, [student.user.user_id]);
  const { schedule_id: done } = await createLesson(
    admin,
    classId,
    vnTime(DAY, '05:10'),
    30,
    'Done lesson',
  );
  await createLesson(admin, classId, vnTime(DAY, '06:00'), 60, 'Past lesson');
  const { schedule_id: live } = await createLesson(
    admin,
    classId,
    vnTime(DAY, '08:00'),
    90,
    'Live lesson',
  );
  await createLesson(admin, classId, vnTime(DAY, '09:45'), 60, 'Later lesson');
  await createLesson(admin, classId, vnTime(addDays(DAY, 1), '09:00'), 60, 'Tomorrow lesson');
  app.sql("update schedules set status = 'completed' where schedule_id = ?", done);
  app.sql("update schedules set status = 'active' where schedule_id = ?", live);
  app.sql(
    "insert into lesson_meetings (schedule_id, provider, external_id, join_data, secret_data, created_at) values (?, 'zoom', '555', ?, ?, '2030-01-01T00:00:00.000Z')",
    live,
    '{}',
    '{}',
  );
  await app.setServerTime(vnTime(DAY, '08:30'));
  await page.clock.setFixedTime(new Date(vnTime(DAY, '08:30')));

  await signIn(page, teacher);
  const today = page.getByRole('region', { name: 'Hôm nay' });
  const upcoming = page.getByRole('region', { name: 'Sắp tới' });
  const card = (name: string) => today.getByTestId('dashboard-lesson').filter({ hasText: name });
  await expect(today.getByTestId('dashboard-lesson')).toHaveCount(4);
  await expect(card('Done lesson')).toContainText('Đã kết thúc');
  await expect(card('Past lesson')).toContainText('Quá thời gian');
  await expect(card('Live lesson')).toContainText('Đang diễn ra');
  // A teacher may join a running lesson of theirs as a participant too.
  await expect(card('Live lesson').getByRole('button')).toHaveText(['Tham gia']);
  // Before the early-start window (30 minutes) the button says when it opens.
  const notYet = card('Later lesson').getByRole('button', { name: 'Bắt đầu lúc 09:15' });
  await expect(notYet).toBeDisabled();
  await expect(notYet).toHaveAttribute(
    'title',
    'Buổi học có thể bắt đầu từ 30 phút trước giờ học.',
  );
  await expect(upcoming.getByTestId('dashboard-lesson')).toHaveText([
    /Tomorrow lesson.*Bắt đầu lúc 08:30 11\/06/,
  ]);
  await app.setServerTime(vnTime(DAY, '09:20'));
  await page.clock.setFixedTime(new Date(vnTime(DAY, '09:20')));
  await page.reload();
  await expect(card('Later lesson').getByRole('button', { name: 'Bắt đầu' })).toBeEnabled();

  // Starting shows 'Đang xử lý...' while the server works, then the error as a toast: Zoom is not
  // connected on this server, which a retry cannot cure (not §8's "no free account, try later").
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/schedules/*/start', async (route) => {
    await held;
    await route.continue();
  });
  await card('Later lesson').getByRole('button', { name: 'Bắt đầu' }).click();
  await expect(card('Later lesson').getByRole('button', { name: 'Đang xử lý...' })).toBeDisabled();
  release();
  await expect(page.getByText('Chưa kết nối', { exact: true })).toBeVisible();
  await expect(
    page.getByText(/^Zoom chưa được kết nối.*Chỉ admin mới kết nối được Zoom/),
  ).toBeVisible();
  await expect(
    page.getByText('Không có tài khoản Zoom nào rảnh. Vui lòng thử lại sau.'),
  ).toHaveCount(0);
  await expect(card('Later lesson').getByRole('button', { name: 'Bắt đầu' })).toBeVisible();

  // The student's view of the same lessons.
  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  await signIn(page, student);
  await expect(card('Done lesson')).toContainText('Đã kết thúc');
  await expect(card('Past lesson')).toContainText('Quá thời gian');
  await expect(card('Live lesson').getByRole('button', { name: 'Tham gia' })).toBeEnabled();
  await expect(card('Later lesson').getByRole('button', { name: 'Chờ bắt đầu' })).toBeDisabled();
  await expect(upcoming.getByRole('button', { name: 'Chờ bắt đầu' })).toBeDisabled();
});

test('a student without classes sees both empty states', async ({ page, app, signIn }) => {
  await signIn(page, await app.account('student'));
  await expect(page.getByText('Không có lớp học hôm nay')).toBeVisible();
  await expect(page.getByText('Không có lớp học sắp tới')).toBeVisible();
});

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 470, height: 800 } });

  test('dashboard cards take their narrow form below 450 px', async ({ page, app, signIn }) => {
    await app.setServerTime(vnTime(DAY, '05:00'));
    const admin = await app.admin();
    const teacher = await app.account('teacher');
    const { class_id: classId } = await createClass(admin, teacher.user.user_id, {
      class_name: 'Narrow class',
      start_date: DAY,
      end_date: addDays(DAY, 3),
    });
    await createLesson(admin, classId, vnTime(DAY, '10:00'), 60, 'Narrow lesson');
    await page.clock.setFixedTime(new Date(vnTime(DAY, '05:00')));
    await signIn(page, teacher);
    const lesson = page.getByTestId('dashboard-lesson').first();
    await expect(lesson).toContainText('Narrow lesson');
    const button = lesson.getByRole('button', { name: 'Bắt đầu' });
    const [cardBox, buttonBox] = [await lesson.boundingBox(), await button.boundingBox()];
    // The button takes the card's whole width under the text.
    expect(buttonBox!.width).toBeGreaterThan(cardBox!.width * 0.8);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("admin and staff see the center's day counted by state, the next 10 lessons and a link to all of them", async ({
    page,
    app,
    signIn,
  }) => {
    // A day of its own: no other story has lessons on it.
    const day = '2031-08-14';
    await app.setServerTime(vnTime(day, '05:00'));
    const { admin, classId } = await teacherWithClass(app, {
      class_name: 'Busy day',
      start_date: day,
      end_date: addDays(day, 3),
    });
    const ids: string[] = [];
    const id = (i: number) => ids[i] ?? '';
    // 14 lessons of 20 minutes, every half hour from 07:00.
    for (let i = 0; i < 14; i++) {
      const minutes = 7 * 60 + i * 30;
      const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const lesson = await createLesson(admin, classId, vnTime(day, hhmm), 20, `Busy ${i + 1}`);
      ids.push(lesson.schedule_id);
    }
    // At 08:35: Busy 1 held, Busy 2 cancelled, Busy 3 past its end unheld, Busy 4 running.
    app.sql("update schedules set status = 'completed' where schedule_id = ?", id(0));
    app.sql(
      "update schedules set status = 'cancelled', cancel_reason = 'Nghỉ', cancelled_at = updated_at where schedule_id = ?",
      id(1),
    );
    app.sql("update schedules set status = 'active' where schedule_id = ?", id(3));
    await app.setServerTime(vnTime(day, '08:35'));
    await page.clock.setFixedTime(new Date(vnTime(day, '08:35')));

    await signIn(page, await app.account('staff'));
    const today = page.getByRole('region', { name: 'Hôm nay' });
    await expect(today).toContainText('14 buổi học hôm nay');
    const counts = today.getByRole('list', { name: 'Buổi học hôm nay theo trạng thái' });
    await expect(counts.getByRole('listitem')).toHaveText([
      'Đang diễn ra: 1',
      'Chưa bắt đầu: 10',
      'Đã kết thúc: 1',
      'Quá thời gian: 1',
      'Đã huỷ: 1',
    ]);
    // The next ten, the running one first; nothing held, cancelled or overdue among them.
    const next = today.getByRole('region', { name: 'Các buổi tiếp theo' });
    await expect(next.getByTestId('dashboard-lesson')).toHaveCount(10);
    await expect(next.getByTestId('dashboard-lesson').first()).toContainText('Busy 4');
    await expect(next.getByTestId('dashboard-lesson').last()).toContainText('Busy 13');
    await expect(next.getByText('Busy 1', { exact: true })).toHaveCount(0);
    // Nothing wider than the phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    await today.getByRole('link', { name: 'Xem tất cả' }).click();
    await expect(page).toHaveURL(new RegExp(`/schedules\\?dates=range&from=${day}&to=${day}$`));
    await expect(page.getByRole('combobox', { name: 'Lọc theo trạng thái' })).toHaveValue(
      'Tất cả (14)',
    );
  });
});
