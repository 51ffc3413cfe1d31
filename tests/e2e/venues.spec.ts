// Lessons that do not depend on Zoom (docs/decisions/019-rooms-and-links.md), on a desktop and a
// phone: an admin keeps the center's rooms (from Settings), makes a class held in one and adds a
// lesson there; a student of a class held on its link opens the link in a new tab with 'Tham gia';
// a lesson in a room already taken is refused with the other lesson's class and times.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  addDays,
  classFields,
  createLesson,
  enrol,
  minutesFromNow,
  runningFromToday,
  shown,
  vnDate,
  vnTime,
} from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { openClass } from './pages/classes.ts';
import { expectToast } from './pages/dialogs.ts';
import { chooseRoom } from './pages/venues.ts';

/** Axe's serious and critical findings on the page as it is now (a dialog open included). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
}

const WIDTHS = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
];

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin adds a room from Settings, makes a class held in it and adds a lesson there', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = `${viewport.width}-${Date.now() % 100000}`;
      const room = `P.${stamp}`;
      await app.account('teacher', { full_name: `Cô Lan ${stamp}` });
      await signIn(page, await app.account('admin'), '/settings');
      await page.getByRole('button', { name: 'Mở Phòng học' }).click();
      await expect(page).toHaveURL(/\/rooms$/);
      await expect(page.getByRole('heading', { name: 'Phòng học', level: 1 })).toBeVisible();

      await page.getByRole('button', { name: 'Thêm phòng' }).click();
      const roomForm = page.getByRole('dialog', { name: 'Thêm phòng' });
      await roomForm.getByRole('button', { name: 'Lưu phòng' }).click();
      await expect(
        roomForm.getByRole('textbox', { name: 'Tên phòng' }),
      ).toHaveAccessibleDescription('Vui lòng nhập tên phòng.');
      expect(await seriousViolations(page), 'the room dialog').toEqual([]);
      await roomForm.getByRole('textbox', { name: 'Tên phòng' }).fill(room);
      await roomForm.getByRole('textbox', { name: 'Sức chứa' }).fill('20');
      await roomForm.getByRole('button', { name: 'Lưu phòng' }).click();
      await expectToast(page, `Đã thêm phòng ${room}.`);
      await expect(page.getByTestId('room-card').filter({ hasText: room })).toContainText('20 chỗ');
      expect(await seriousViolations(page), 'the rooms page').toEqual([]);

      await page.goto('/classes');
      await page.getByRole('button', { name: 'Tạo lớp học' }).click();
      const form = page.getByRole('dialog', { name: 'Tạo lớp học' });
      await form.getByRole('textbox', { name: 'Tên lớp học' }).fill(`Lớp phòng ${stamp}`);
      const teacher = form.getByRole('combobox', { name: 'Giáo viên' });
      await teacher.click();
      await teacher.fill(`Lan ${stamp}`);
      await page.getByRole('option', { name: `Cô Lan ${stamp}` }).click();
      const today = vnDate(Date.now());
      await form.getByLabel('Ngày bắt đầu').fill(shown(today));
      await form.getByLabel('Ngày kết thúc').fill(shown(addDays(today, 30)));
      await form.getByLabel('Ngày kết thúc').press('Tab');
      // Zoom is not connected on this server: it is not offered, and a venue must be chosen.
      await form.getByRole('button', { name: 'Lưu lớp học' }).click();
      const venue = form.getByRole('combobox', { name: /Địa điểm mặc định/ });
      await expect(venue).toHaveAccessibleDescription(/Vui lòng chọn địa điểm học/);
      await venue.click();
      await expect(page.getByRole('option', { name: 'Zoom' })).toHaveCount(0);
      await page.getByRole('option', { name: 'Phòng học', exact: true }).click();
      await chooseRoom(page, form, room);
      await form.getByRole('button', { name: 'Lưu lớp học' }).click();
      await expectToast(page, 'Tạo lớp học thành công!');

      const details = await openClass(page, `Lớp phòng ${stamp}`, 'Lịch Học');
      await details.getByRole('button', { name: 'Thêm buổi học' }).click();
      const lesson = page.getByRole('dialog', { name: 'Thêm buổi học' });
      // The class's room is where the lesson is held unless another is chosen.
      await expect(lesson.getByRole('combobox', { name: /Địa điểm học/ })).toHaveValue('Phòng học');
      await expect(lesson.getByRole('combobox', { name: 'Phòng' })).toHaveValue(room);
      await lesson.getByRole('textbox', { name: 'Chủ đề' }).fill('Speaking in class');
      await lesson.getByLabel('Bắt đầu').fill(`${shown(addDays(today, 2))} 09:00`);
      await lesson.getByRole('button', { name: 'Thêm buổi học' }).click();
      await expectToast(page, 'Đã thêm buổi học.');
      const item = details.getByTestId('lesson-item').filter({ hasText: 'Speaking in class' });
      await expect(item.getByTestId('lesson-venue')).toHaveText(`Phòng ${room}`);
    });

    test("a student of a class held on its link clicks 'Tham gia' and the link opens in a new tab", async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = `${viewport.width}-${Date.now() % 100000}`;
      const link = `https://meet.google.com/edu-${stamp}`;
      // The meeting service is not reachable from here: its page is answered locally.
      await page
        .context()
        .route('https://meet.google.com/**', (route) =>
          route.fulfill({ contentType: 'text/html', body: '<title>Google Meet</title>' }),
        );
      const admin = await app.admin();
      const teacher = await app.account('teacher');
      const student = await app.account('student');
      const made = await admin.post('/api/classes', {
        ...classFields({ class_name: `Lớp link ${stamp}`, ...runningFromToday() }),
        teacher_id: teacher.user.user_id,
        default_venue: 'link',
        meeting_link: link,
      });
      expect(made.status, made.text).toBe(201);
      await enrol(admin, made.body.class_id, [student.user.user_id]);
      const { schedule_id } = await createLesson(
        admin,
        made.body.class_id,
        minutesFromNow(5),
        60,
        `Online ${stamp}`,
      );
      const started = await teacher.client.post(`/api/schedules/${schedule_id}/start`);
      expect(started.status, started.text).toBe(200);

      await signIn(page, student);
      const card = page.getByTestId('dashboard-lesson').filter({ hasText: `Online ${stamp}` });
      await expect(card.getByTestId('lesson-venue')).toHaveText('Trực tuyến');
      const opened = page.waitForEvent('popup');
      await card.getByRole('button', { name: 'Tham gia' }).click();
      const tab = await opened;
      await expect(tab).toHaveURL(link);
      await expect(tab).toHaveTitle('Google Meet');
    });

    test('a lesson in a room already taken at that time is refused, naming the other class and its times', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = `${viewport.width}-${Date.now() % 100000}`;
      const admin = await app.admin();
      const room = (await admin.post('/api/rooms', { name: `Lab ${stamp}` })).body;
      const other = (await admin.post('/api/rooms', { name: `Lab B ${stamp}` })).body;
      const inRoom = { default_venue: 'room', default_room_id: room.room_id };
      const classes = [];
      for (const name of [`Sáng ${stamp}`, `Chiều ${stamp}`]) {
        const teacher = await app.account('teacher');
        const made = await admin.post('/api/classes', {
          ...classFields({ class_name: name, ...runningFromToday() }),
          teacher_id: teacher.user.user_id,
          ...inRoom,
        });
        classes.push(made.body);
      }
      const day = addDays(vnDate(Date.now()), 3);
      await createLesson(admin, classes[0].class_id, vnTime(day, '09:00'), 90, 'Taken');

      await signIn(page, await app.account('staff'), '/classes');
      const details = await openClass(page, `Chiều ${stamp}`, 'Lịch Học');
      await details.getByRole('button', { name: 'Thêm buổi học' }).click();
      const lesson = page.getByRole('dialog', { name: 'Thêm buổi học' });
      await lesson.getByRole('textbox', { name: 'Chủ đề' }).fill('Clashing');
      await lesson.getByLabel('Bắt đầu').fill(`${shown(day)} 10:00`);
      await lesson.getByRole('button', { name: 'Thêm buổi học' }).click();
      await expect(lesson.getByRole('combobox', { name: 'Phòng' })).toHaveAccessibleDescription(
        `Phòng đã có buổi học của lớp Sáng ${stamp} từ 09:00 ${shown(day)} đến 10:30 ${shown(day)}.`,
      );
      await expect(details.getByTestId('lesson-item')).toHaveCount(0);
      // In the other room, free at that time, it is added.
      await chooseRoom(page, lesson, other.name);
      await lesson.getByRole('button', { name: 'Thêm buổi học' }).click();
      await expectToast(page, 'Đã thêm buổi học.');
      await expect(details.getByTestId('lesson-venue')).toHaveText(`Phòng Lab B ${stamp}`);
    });

    test('staff moves a lesson held on the link into a room (a taken room refused), then back onto the link', async ({
      page,
      app,
      signIn,
    }) => {
      const stamp = `${viewport.width}-${Date.now() % 100000}`;
      const admin = await app.admin();
      const room = (await admin.post('/api/rooms', { name: `Move ${stamp}` })).body;
      const busyTeacher = await app.account('teacher');
      const busy = await admin.post('/api/classes', {
        ...classFields({ class_name: `Bận ${stamp}`, ...runningFromToday() }),
        teacher_id: busyTeacher.user.user_id,
        default_venue: 'room',
        default_room_id: room.room_id,
      });
      const teacher = await app.account('teacher');
      const online = await admin.post('/api/classes', {
        ...classFields({ class_name: `Trực tuyến ${stamp}`, ...runningFromToday() }),
        teacher_id: teacher.user.user_id,
        default_venue: 'link',
        meeting_link: `https://meet.google.com/mv-${stamp}`,
      });
      const day = addDays(vnDate(Date.now()), 3);
      await createLesson(admin, busy.body.class_id, vnTime(day, '09:00'), 60, 'Taken');
      await createLesson(admin, online.body.class_id, vnTime(day, '09:00'), 60, 'Moving');

      await signIn(page, await app.account('staff'), '/classes');
      const details = await openClass(page, `Trực tuyến ${stamp}`, 'Lịch Học');
      const openMove = async () => {
        await details.getByRole('button', { name: 'Dời hoặc huỷ buổi học Moving' }).click();
        await page.getByRole('menuitem', { name: 'Dời buổi học' }).click();
        return page.getByRole('dialog', { name: 'Dời buổi học' });
      };
      let dialog = await openMove();
      const venue = dialog.getByRole('combobox', { name: /Địa điểm học/ });
      await expect(venue).toHaveValue('Đường dẫn trực tuyến');
      await venue.click();
      await page.getByRole('option', { name: 'Phòng học', exact: true }).click();
      await chooseRoom(page, dialog, room.name);
      await dialog.getByRole('button', { name: 'Dời buổi học' }).click();
      // The room is taken at that time: refused under the room, nothing moved.
      await expect(dialog.getByRole('combobox', { name: 'Phòng' })).toHaveAccessibleDescription(
        `Phòng đã có buổi học của lớp Bận ${stamp} từ 09:00 ${shown(day)} đến 10:00 ${shown(day)}.`,
      );
      await dialog.getByLabel('Giờ bắt đầu').fill('10:00');
      await dialog.getByRole('button', { name: 'Dời buổi học' }).click();
      await expectToast(page, 'Đã dời buổi học.');
      await expect(dialog).toBeHidden();
      const item = details.getByTestId('lesson-item').filter({ hasText: 'Moving' });
      await expect(item.getByTestId('lesson-venue')).toHaveText(`Phòng ${room.name}`);

      // And back onto the class's link at the same time.
      dialog = await openMove();
      await expect(dialog.getByRole('combobox', { name: /Địa điểm học/ })).toHaveValue('Phòng học');
      await dialog.getByRole('combobox', { name: /Địa điểm học/ }).click();
      await page.getByRole('option', { name: 'Đường dẫn trực tuyến' }).click();
      await dialog.getByRole('button', { name: 'Dời buổi học' }).click();
      await expect(dialog).toBeHidden();
      await expect(item.getByTestId('lesson-venue')).toHaveText('Trực tuyến');
    });
  });
}
