// A make-up lesson, on a desktop and a phone (docs/decisions/032): the center lets students book
// their own; Lan was absent with notice from yesterday's lesson of her class, so her attendance
// page shows one unused make-up credit. She books it into a lesson of another class held on its
// link (found by typing the class's name without accents), sees it booked, and once its teacher
// starts it she joins it from her dashboard: the link opens in a new tab.
import {
  addDays,
  classFields,
  createClass,
  createLesson,
  enrol,
  minutesFromNow,
  runningFromToday,
  vnDate,
  vnTime,
} from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from './pages/dialogs.ts';

for (const width of [1366, 390]) {
  test(`at ${width} px: a student books a make-up lesson for an excused absence and joins it`, async ({
    page,
    app,
    signIn,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const stamp = `${width}-${Date.now() % 100000}`;
    const link = `https://meet.google.com/bu-${stamp}`;
    // The meeting service is not reachable from here: its page is answered locally.
    await page
      .context()
      .route('https://meet.google.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Google Meet</title>' }),
      );
    const admin = await app.admin();
    const allowed = await admin.patch('/api/center-settings/options', {
      students_book_makeups: true,
    });
    expect(allowed.status, allowed.text).toBe(200);
    try {
      const [ownTeacher, hostTeacher, lan] = await Promise.all([
        app.account('teacher', { full_name: `Cô Mai ${stamp}` }),
        app.account('teacher', { full_name: `Thầy Nam ${stamp}` }),
        app.account('student', { full_name: `Lan ${stamp}` }),
      ]);
      const today = vnDate(Date.now());
      const { class_id: ownClass } = await createClass(admin, ownTeacher!.user.user_id, {
        class_name: `Lớp nghỉ ${stamp}`,
        start_date: addDays(today, -7),
        end_date: addDays(today, 30),
      });
      await enrol(admin, ownClass, [lan!.user.user_id]);
      const { schedule_id: missed } = await createLesson(
        admin,
        ownClass,
        vnTime(addDays(today, 2), '09:00'),
        60,
        'Bài 5',
      );
      // Yesterday 09:00–10:00, Lan enrolled the week before; she was absent with notice.
      app.sql(
        'update class_students set enrolled_at = ? where class_id = ?',
        vnTime(addDays(today, -7), '08:00'),
        ownClass,
      );
      app.sql(
        'update schedules set start_time = ?, end_time = ? where schedule_id = ?',
        vnTime(addDays(today, -1), '09:00'),
        vnTime(addDays(today, -1), '10:00'),
        missed,
      );
      const excused = await admin.put(`/api/schedules/${missed}/attendance/${lan!.user.user_id}`, {
        status: 'excused',
      });
      expect(excused.status, excused.text).toBe(200);

      const host = await admin.post('/api/classes', {
        ...classFields({ class_name: `Lớp bù ${stamp}`, ...runningFromToday() }),
        teacher_id: hostTeacher!.user.user_id,
        default_venue: 'link',
        meeting_link: link,
      });
      expect(host.status, host.text).toBe(201);
      const { schedule_id: makeup } = await createLesson(
        admin,
        host.body.class_id,
        minutesFromNow(5),
        60,
        `Buổi bù ${stamp}`,
      );

      await signIn(page, lan!, '/attendance');
      const credits = page.getByTestId('makeup-credits');
      const credit = credits.getByTestId('makeup-credit').filter({ hasText: 'Bài 5' });
      await expect(credit).toContainText(`Lớp nghỉ ${stamp}`);
      await expect(credit).toContainText('Chưa dùng');
      await credit.getByRole('button', { name: /^Đặt học bù cho buổi Bài 5/ }).click();

      const dialog = page.getByRole('dialog', { name: 'Đặt học bù' });
      await dialog
        .getByRole('textbox', { name: 'Tìm theo lớp, giáo viên, chủ đề' })
        .fill(`lop bu ${stamp}`);
      const lessons = dialog.getByTestId('makeup-lesson');
      await expect(lessons).toHaveCount(1);
      await expect(lessons).toContainText(`Thầy Nam ${stamp}`);
      await expect(lessons).toContainText('2 chỗ');
      await lessons.getByRole('button', { name: new RegExp(`^Đặt buổi Lớp bù ${stamp}`) }).click();
      await expectToast(page, `Đã đặt buổi học bù: Lớp bù ${stamp}`);
      await expect(dialog).toBeHidden();
      await expect(credit).toContainText('Đã đặt');
      await expect(credit).toContainText(`Lớp bù ${stamp}`);
      await expect(credit.getByRole('button', { name: 'Huỷ đặt' })).toBeVisible();

      const started = await hostTeacher!.client.post(`/api/schedules/${makeup}/start`);
      expect(started.status, started.text).toBe(200);
      await page.goto('/dashboard');
      const card = page.getByTestId('dashboard-lesson').filter({ hasText: `Buổi bù ${stamp}` });
      await expect(card).toContainText(`Lớp bù ${stamp}`);
      const opened = page.waitForEvent('popup');
      await card.getByRole('button', { name: 'Tham gia' }).click();
      const tab = await opened;
      await expect(tab).toHaveURL(link);
      await expect(tab).toHaveTitle('Google Meet');
    } finally {
      await admin.patch('/api/center-settings/options', { students_book_makeups: false });
    }
  });
}

test("the admin sets the 'Học bù' card: a wrong number of days is said, 30 days and students booking are saved", async ({
  page,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  try {
    await signIn(page, await app.account('admin'), '/settings');
    await page.getByRole('button', { name: 'Mở Học bù' }).click();
    const dialog = page.getByRole('dialog', { name: 'Học bù' });
    const days = dialog.getByRole('textbox', { name: 'Thời hạn suất học bù (ngày)' });
    await expect(days).toHaveValue('60');
    await days.fill('400');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(dialog.getByText('Thời hạn của suất học bù từ 1 đến 365 ngày.')).toBeVisible();
    await days.fill('30');
    await dialog.getByRole('switch', { name: 'Học viên tự đặt buổi học bù' }).check();
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expectToast(page, 'Đã lưu cài đặt.');
    await expect(dialog).toBeHidden();
    const saved = await admin.get('/api/center-settings');
    expect(saved.body).toMatchObject({ makeup_credit_days: 30, students_book_makeups: true });
  } finally {
    await admin.patch('/api/center-settings/options', {
      makeup_credit_days: 60,
      students_book_makeups: false,
    });
  }
});
