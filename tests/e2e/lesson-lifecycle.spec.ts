// A live lesson's life as people see it: ending it on purpose from the
// Schedules page and the class dialog, admin and teacher joining a running lesson, a stuck pool
// account freed, the Zoom connection check, and the meeting page outside a secure context.
import { chromium } from '@playwright/test';
import { TestClient } from '../helpers/test-server.ts';
import { CHROMIUM_LAUNCH } from './chromium.ts';
import { expect, signInAt } from './fixtures.ts';
import { lessonFor, test, ZOOM_ADMIN } from './zoom-school.ts';
import { installZoomDouble, zoomCalls } from './zoom-sdk-double.ts';

async function startAs(
  baseUrl: string,
  who: { email: string; password: string },
  lessonId: string,
) {
  const client = new TestClient(baseUrl);
  await client.login(who.email, who.password);
  const started = await client.post(`/api/schedules/${lessonId}/start`);
  expect(started.status, started.text).toBe(200);
  return started.body.launch as { meetingNumber: string; zoomAccountId: string };
}

test('a teacher ends a running lesson from the Schedules page, after confirming', async ({
  page,
  school,
}) => {
  const { teacher, lessonId } = await lessonFor(school, 'End from schedules');
  const { meetingNumber } = await startAs(school.baseUrl, teacher, lessonId);
  await signInAt(page, school.baseUrl, teacher);
  await page.getByRole('link', { name: 'My Schedules' }).click();

  const card = page.getByTestId('schedule-card').filter({ hasText: 'End from schedules' });
  await expect(card).toContainText('Đang diễn ra');
  await page.getByRole('button', { name: 'Kết thúc buổi học End from schedules' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kết thúc buổi học' });
  await expect(dialog).toContainText(
    'Kết thúc buổi học End from schedules? Phòng họp Zoom sẽ đóng với tất cả mọi người đang tham gia.',
  );
  await dialog.getByRole('button', { name: 'Kết thúc buổi học' }).click();
  await expect(page.getByText('Đã kết thúc buổi học.')).toBeVisible();
  await expect(card).toContainText('Đã kết thúc');
  await expect(
    page.getByRole('button', { name: 'Kết thúc buổi học End from schedules' }),
  ).toHaveCount(0);
  expect(school.zoom.meetings.get(meetingNumber)!.status).toBe('ended');
});

test("an admin ends a running lesson from the class dialog's lesson list; cancelling changes nothing", async ({
  page,
  school,
}) => {
  const { teacher, lessonId } = await lessonFor(school, 'End from dialog');
  await startAs(school.baseUrl, teacher, lessonId);
  await signInAt(page, school.baseUrl, ZOOM_ADMIN);
  await page.getByRole('link', { name: 'Classes' }).click();
  // The dashboard names the same class: wait for the Classes page before looking for it.
  await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();
  await page.getByRole('button', { name: 'Lớp End from dialog' }).click();
  await page.getByRole('tab', { name: 'Lịch Học' }).click();
  const item = page.getByTestId('lesson-item').filter({ hasText: 'End from dialog' });
  await expect(item).toContainText('Đang diễn ra');

  const end = item.getByRole('button', { name: 'Kết thúc buổi học End from dialog' });
  await end.click();
  await page
    .getByRole('dialog', { name: 'Kết thúc buổi học' })
    .getByRole('button', { name: 'Hủy' })
    .click();
  await expect(item).toContainText('Đang diễn ra');

  await end.click();
  await page
    .getByRole('dialog', { name: 'Kết thúc buổi học' })
    .getByRole('button', { name: 'Kết thúc buổi học' })
    .click();
  await expect(page.getByText('Đã kết thúc buổi học.')).toBeVisible();
  await expect(item).toContainText('Đã kết thúc');
  await expect(end).toHaveCount(0);
});

test('an admin joins a running lesson from the dashboard as a participant', async ({
  page,
  context,
  school,
}) => {
  const { teacher, lessonId } = await lessonFor(school, 'Admin joins');
  const { meetingNumber } = await startAs(school.baseUrl, teacher, lessonId);
  await installZoomDouble(context);
  await signInAt(page, school.baseUrl, ZOOM_ADMIN);
  const card = page.getByTestId('dashboard-lesson').filter({ hasText: 'Admin joins' });
  await expect(card).toContainText('Đang diễn ra');
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Tham gia' }).click();
  const meeting = await popupOpened;
  await expect(meeting.getByRole('status', { name: 'Joining meeting' })).toContainText(
    'Role: Participant (Student)',
  );
  await expect
    .poll(async () => (await zoomCalls(meeting)).find((c) => c.name === 'join')?.args)
    .toMatchObject({ meetingNumber, userEmail: ZOOM_ADMIN.email });
  const join = (await zoomCalls(meeting)).find((c) => c.name === 'join')!.args as {
    zak?: string;
    signature: string;
  };
  expect(join.zak).toBeUndefined();
  expect(JSON.parse(Buffer.from(join.signature.split('.')[1]!, 'base64url').toString()).role).toBe(
    0,
  );
  await meeting.close();
  const admin = await school.admin();
  expect((await admin.post(`/api/schedules/${lessonId}/end`)).status).toBe(200);
});

test('an admin sees a stuck Zoom account and frees it', async ({ page, school }) => {
  const admin = await school.admin();
  const accounts = (await admin.get('/api/zoom-accounts?page=1')).body.items as {
    zoom_account_id: string;
    email: string;
    is_busy: boolean;
  }[];
  const stuck = accounts.find((a) => !a.is_busy)!;
  // Busy with no lesson on it, as a crash half-way through a start would leave it.
  school.sql(
    'update zoom_accounts set is_busy = 1 where zoom_account_id = ?',
    stuck.zoom_account_id,
  );
  await signInAt(page, school.baseUrl, ZOOM_ADMIN);
  await page.getByRole('link', { name: 'Zoom Accounts' }).click();
  const row = page.getByRole('row').filter({ hasText: stuck.email });
  await expect(row.getByTestId('online-badge')).toHaveText('Online');
  await expect(row.getByText('Bị kẹt')).toBeVisible();
  await row.getByRole('button', { name: `Giải phóng ${stuck.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Giải phóng tài khoản Zoom' });
  await expect(dialog).toContainText(`Tài khoản ${stuck.email} đang bận`);
  await dialog.getByRole('button', { name: 'Giải phóng' }).click();
  await expect(page.getByText(`Đã giải phóng tài khoản ${stuck.email}.`)).toBeVisible();
  await expect(row.getByTestId('online-badge')).toHaveText('Offline');
  await expect(row.getByText('Bị kẹt')).toHaveCount(0);
});

test('staff see the pool but neither the stuck-account action nor the connection check', async ({
  page,
  school,
}) => {
  await signInAt(page, school.baseUrl, await school.account('staff'));
  await page.getByRole('link', { name: 'Zoom Accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Zoom Accounts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kiểm tra kết nối Zoom' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Giải phóng/ })).toHaveCount(0);
});

test('the Zoom connection check shows each part of the set-up and how it went', async ({
  page,
  school,
}) => {
  await signInAt(page, school.baseUrl, ZOOM_ADMIN);
  await page.getByRole('link', { name: 'Zoom Accounts' }).click();
  await page.getByRole('button', { name: 'Kiểm tra kết nối Zoom' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kết quả kiểm tra kết nối Zoom' });
  await expect(dialog.getByRole('status')).toHaveText('Mọi phần của kết nối Zoom đều hoạt động.');
  for (const [key, label] of [
    ['oauth', 'Đăng nhập API (Server-to-Server OAuth)'],
    ['users', 'Đọc danh sách người dùng Zoom'],
    ['sdk', 'Khóa Meeting SDK (chữ ký vào phòng học)'],
    ['webhook', 'Webhook sự kiện'],
    ['webSdk', 'Tệp Web Meeting SDK'],
    ['reports', 'Báo cáo người tham gia (điểm danh)'],
    ['recordings', 'Bản ghi trên đám mây'],
  ] as const) {
    const step = dialog.getByTestId(`check-${key}`);
    await expect(step).toContainText(label);
    await expect(step).toContainText('Đạt');
  }
  // Without PUBLIC_ORIGIN the server names http://localhost:PORT, never the request's Host.
  await expect(dialog.getByTestId('check-webhook')).toContainText(
    `${school.baseUrl.replace('127.0.0.1', 'localhost')}/api/zoom/webhook`,
  );
  // Zoom stops answering the user list: the check names the step and what to do.
  school.zoom.fail.listUsersScope = true;
  try {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Kiểm tra kết nối Zoom' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Có phần chưa hoạt động: xem hướng dẫn bên dưới.',
    );
    await expect(dialog.getByTestId('check-users')).toContainText('Lỗi');
    await expect(dialog.getByTestId('check-users')).toContainText('user:read:list_users:admin');
  } finally {
    school.zoom.fail.listUsersScope = false;
  }
});

test('over plain HTTP from another address, the meeting page says audio and video need HTTPS', async ({
  school,
}) => {
  // The same server reached by a name that is not loopback: not a secure context.
  const port = new URL(school.baseUrl).port;
  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, '--host-resolver-rules=MAP classroom.center.test 127.0.0.1'],
  });
  try {
    const page = await browser.newPage({ locale: 'vi-VN' });
    const origin = `http://classroom.center.test:${port}`;
    const student = await school.account('student');
    await signInAt(page, origin, student);
    await page.goto(
      `${origin}/meeting?meetingId=555&signature=s&userName=Tr%C3%B2&userEmail=t%40x.vn&role=0`,
    );
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    const notice = page.getByRole('alert');
    await expect(notice.getByRole('heading', { name: 'Cần kết nối HTTPS' })).toBeVisible();
    await expect(notice).toContainText(
      'Âm thanh và hình ảnh của buổi học chỉ hoạt động qua kết nối bảo mật (HTTPS).',
    );
    await expect(notice.getByRole('button', { name: 'Close Window' })).toBeVisible();
    // Nothing of Zoom's was loaded: the join is not even tried.
    expect(await page.evaluate(() => typeof (window as { ZoomMtg?: unknown }).ZoomMtg)).toBe(
      'undefined',
    );
  } finally {
    await browser.close();
  }
});
