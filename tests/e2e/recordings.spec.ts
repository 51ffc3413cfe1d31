// Lessons' recordings (issue 28, docs/decisions/034-recordings.md): a student watches a recorded
// lesson again from the class's lessons ('Xem lại' sends them, through our own address, to the
// recording's page: the emulator's stand-in for Zoom's share page, opened by the passcode the
// page itself never held); at a phone's width a deleted recording says so.
import type { TestServer } from '../helpers/test-server.ts';
import { deliverWebhook } from '../helpers/zoom-webhook.ts';
import { expect, signInAt } from './fixtures.ts';
import { classDialog } from './pages/classes.ts';
import { chooseVenue } from './pages/venues.ts';
import { lessonFor, test, ZOOM_ADMIN, type ZoomSchool } from './zoom-school.ts';

const systemClock = { now: () => new Date() };

/** A lesson started on Zoom and recorded there; Zoom's event reaches the app. */
async function recordedLesson(school: ZoomSchool, topic: string) {
  const made = await lessonFor(school, topic);
  const admin = await school.admin();
  const started = await admin.post(`/api/schedules/${made.lessonId}/start`);
  expect(started.status, started.text).toBe(200);
  const meetingId = started.body.launch.meetingNumber as string;
  const ended = await admin.post(`/api/schedules/${made.lessonId}/end`);
  expect(ended.status, ended.text).toBe(200);
  const now = Date.now();
  const { recording, event } = school.zoom.cloud.record(meetingId, {
    start: new Date(now - 60_000).toISOString(),
    end: new Date(now).toISOString(),
  });
  const server = { client: () => admin } as unknown as TestServer;
  const delivered = await deliverWebhook(server, systemClock, event);
  expect(delivered.status, delivered.text).toBe(200);
  return { ...made, recording };
}

/** The refusal of a retention period out of 1–3650 days. */
const RETENTION_REFUSED =
  'Thời hạn lưu trữ phải là số ngày từ 1 đến 3650, hoặc để trống để giữ mãi.';

test('a student watches a recorded lesson again: "Xem lại" opens the recording\'s page', async ({
  page,
  school,
}) => {
  const { student, recording } = await recordedLesson(school, 'Recorded story');
  // Every JSON the student's browser receives: the passcode is in none of them.
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (response.headers()['content-type']?.includes('json')) {
      bodies.push(await response.text().catch(() => ''));
    }
  });
  await signInAt(page, school.baseUrl, student);
  // The held lesson's card on the dashboard offers it, and so does the class's Lịch Học tab.
  await expect(
    page.getByRole('link', { name: 'Xem lại bản ghi buổi học Recorded story' }),
  ).toBeVisible();
  await page.goto(`${school.baseUrl}/classes`);
  await page.getByRole('button', { name: 'Lớp Recorded story' }).click();
  const dialog = classDialog(page);
  await dialog.getByRole('tab', { name: 'Lịch Học' }).click();
  const watch = dialog.getByRole('link', { name: 'Xem lại bản ghi buổi học Recorded story' });
  await expect(watch).toBeVisible();

  const popupOpened = page.waitForEvent('popup');
  await watch.click();
  const recordingPage = await popupOpened;
  await expect(recordingPage.getByRole('heading', { name: /Zoom cloud recording/ })).toBeVisible();
  const landed = new URL(recordingPage.url());
  expect(`${landed.origin}${landed.pathname}`).toBe(recording.shareUrl);
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) expect(body).not.toContain(recording.playPasscode);
});

test('an admin keeps recordings 30 days and has a class recorded to the cloud automatically', async ({
  page,
  school,
}) => {
  const { lessonId } = await lessonFor(school, 'Auto story');
  await signInAt(page, school.baseUrl, ZOOM_ADMIN);
  await page.goto(`${school.baseUrl}/settings`);
  // 0 days is refused with the reason, never saved as another number of days.
  await page.getByRole('textbox', { name: 'Số ngày lưu trữ' }).fill('0');
  await page.getByRole('button', { name: 'Lưu thời hạn' }).click();
  await expect(page.getByText(RETENTION_REFUSED)).toBeVisible();
  await expect(page.getByText('Đã lưu thời hạn lưu trữ bản ghi.')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Số ngày lưu trữ' }).fill('30');
  await page.getByRole('button', { name: 'Lưu thời hạn' }).click();
  await expect(page.getByText('Đã lưu thời hạn lưu trữ bản ghi.')).toBeVisible();
  await expect(page.getByText('Đang giữ bản ghi 30 ngày')).toBeVisible();
  const admin = await school.admin();
  expect((await admin.get('/api/recording-settings')).body).toEqual({ retention_days: 30 });

  await page.goto(`${school.baseUrl}/classes`);
  await page.getByRole('button', { name: 'Lớp Auto story' }).click();
  await classDialog(page).getByRole('button', { name: 'Sửa lớp học' }).click();
  const form = page.getByRole('dialog', { name: 'Sửa lớp học' });
  // Only Zoom records: held on a link, the class offers no switch; back on Zoom it does.
  await chooseVenue(page, form, 'Đường dẫn trực tuyến');
  await expect(form.getByRole('switch', { name: 'Tự động ghi hình lên đám mây' })).toHaveCount(0);
  await chooseVenue(page, form, 'Zoom');
  await form.getByRole('switch', { name: 'Tự động ghi hình lên đám mây' }).check();
  await form.getByRole('button', { name: 'Lưu lớp học' }).click();
  await expect(page.getByText('Cập nhật lớp học thành công!')).toBeVisible();
  // The lesson's meeting is now made with automatic cloud recording.
  const started = await admin.post(`/api/schedules/${lessonId}/start`);
  expect(started.status, started.text).toBe(200);
  const meeting = school.zoom.meetings.get(started.body.launch.meetingNumber);
  expect(meeting?.settings.auto_recording).toBe('cloud');
});

test.describe('at a phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a recording deleted by the retention period says so instead of "Xem lại"', async ({
    page,
    school,
  }) => {
    const { student, lessonId } = await recordedLesson(school, 'Expired story');
    school.sql(
      'update lesson_recordings set deleted_at = ? where schedule_id = ?',
      new Date().toISOString(),
      lessonId,
    );
    await signInAt(page, school.baseUrl, student);
    await page.goto(`${school.baseUrl}/classes`);
    await page.getByRole('button', { name: 'Lớp Expired story' }).click();
    const dialog = classDialog(page);
    await dialog.getByRole('tab', { name: 'Lịch Học' }).click();
    await expect(
      dialog.getByText('Bản ghi đã bị xoá theo thời hạn lưu trữ', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Xem lại/ })).toHaveCount(0);
    // Nothing runs off the side of the phone's screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
