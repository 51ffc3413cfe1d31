// Live lessons in the browser (product.md §2 Dashboard buttons and Meeting page, §7 start flow, §8):
// a server with Zoom configured against the emulator (zoom-school.ts), and the SDK's scripts
// answered by the ZoomMtg test double, so the page's real loading and joining code runs; one story
// loads the real @zoom/meetingsdk package.
import { installedWebSdk } from '#server/features/providers/zoom/web-sdk.ts';
import { TestClient } from '../helpers/test-server.ts';
import { expect, signInAt } from './fixtures.ts';
import { lessonFor, test } from './zoom-school.ts';
import {
  installZoomDouble,
  loadedZoomScripts,
  reportMeetingStatus,
  type ZoomCall,
  zoomCalls,
} from './zoom-sdk-double.ts';

const SDK_VERSION = installedWebSdk()!.version;
const callsNamed = (calls: ZoomCall[], name: string) => calls.filter((c) => c.name === name);
const claims = (signature: string) =>
  JSON.parse(Buffer.from(signature.split('.')[1]!, 'base64url').toString());

test('a teacher starts a lesson: /meeting opens with the right parameters and joins as host; status 3 closes it', async ({
  page,
  context,
  school,
}) => {
  const { teacher, lessonId } = await lessonFor(school, 'Host story');
  await installZoomDouble(context);
  // Every address the browser asks for, in every tab: the ZAK must be in none of them.
  const requested: string[] = [];
  context.on('request', (request) => requested.push(request.url()));
  await signInAt(page, school.baseUrl, teacher);

  const card = page.getByTestId('dashboard-lesson').filter({ hasText: 'Host story' });
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Bắt đầu' }).click();
  const meeting = await popupOpened;
  await expect(meeting).toHaveURL(/\/meeting\?/);

  // The address keeps the §2 parameters but not the signature or the ZAK, once the page read them.
  await expect.poll(() => new URL(meeting.url()).searchParams.has('signature')).toBe(false);
  const address = new URL(meeting.url());
  const meetingNumber = address.searchParams.get('meetingId')!;
  const created = school.zoom.meetings.get(meetingNumber);
  expect(created, 'a Zoom meeting was created for the lesson').toBeDefined();
  expect(Object.fromEntries(address.searchParams)).toMatchObject({
    meetingId: meetingNumber,
    userName: teacher.user.full_name,
    userEmail: teacher.email,
    role: '1',
    password: created!.password,
    scheduleId: lessonId,
  });
  expect(address.searchParams.get('zoomAccountId')).toBeTruthy();
  expect(address.searchParams.has('signature')).toBe(false);
  expect(address.searchParams.has('zak')).toBe(false);

  // The overlay names the hosting account, now busy.
  const overlay = meeting.getByRole('status', { name: 'Joining meeting' });
  await expect(overlay).toContainText(`Meeting ID: ${meetingNumber}`);
  await expect(overlay).toContainText('Role: Host (Teacher)');
  const host = school.zoom.users.find((u) => u.id === created!.hostId)!;
  await expect(meeting.getByTestId('meeting-account')).toHaveText(`${host.email} · BUSY · ACTIVE`);

  // The SDK is loaded in order and initialised, then joined as host with a ZAK.
  await expect.poll(async () => callsNamed(await zoomCalls(meeting), 'join').length).toBe(1);
  const scripts = await loadedZoomScripts(meeting);
  expect(scripts).toEqual([
    'react.min.js',
    'react-dom.min.js',
    'redux.min.js',
    'redux-thunk.min.js',
    'react-redux.min.js',
    'lodash.min.js',
    'sdk',
  ]);
  const calls = await zoomCalls(meeting);
  expect(calls.map((c) => c.name)).toEqual([
    'setZoomJSLib',
    'preLoadWasm',
    'prepareWebSDK',
    'i18n.load',
    'init',
    'inMeetingServiceListener',
    'join',
  ]);
  // An absolute address: the SDK resolves it without a base (see zoom-web-sdk.ts).
  expect(calls[0]!.args).toEqual([`${school.baseUrl}/zoom-sdk/${SDK_VERSION}/lib`, '/av']);
  expect(callsNamed(calls, 'i18n.load')[0]!.args).toBe('en-US');
  expect(callsNamed(calls, 'init')[0]!.args).toEqual({
    leaveUrl: `${school.baseUrl}/dashboard`,
    patchJsMedia: false,
    // The page is cross-origin isolated, so the SDK may use SharedArrayBuffer.
    disableCORP: false,
    isShowJoiningErrorDialog: false,
  });
  const join = callsNamed(calls, 'join')[0]!.args as Record<string, string>;
  expect(join).toMatchObject({
    meetingNumber,
    userName: teacher.user.full_name,
    userEmail: teacher.email,
    passWord: created!.password,
  });
  // The ZAK came from the server to the signed-in host, in a reply, never in an address.
  expect(join.zak).toMatch(/^zak-/);
  expect(join.customerKey).toBeUndefined();
  expect(
    requested.some((url) => url.includes(`/api/schedules/${lessonId}/meeting-keys?role=1`)),
  ).toBe(true);
  expect(requested.filter((url) => /[?&](zak|customerKey)=/i.test(url))).toEqual([]);
  expect(requested.filter((url) => url.includes(join.zak!))).toEqual([]);
  // Nor in the tab's history entry.
  expect(await meeting.evaluate(() => window.location.href)).not.toMatch(/[?&](zak|signature)=/);
  expect(claims(join.signature!)).toMatchObject({ mn: meetingNumber, role: 1 });

  // The dashboard reloads 2 s after the start: the lesson is now running.
  await expect(card.getByText('Đang diễn ra')).toBeVisible();

  // Zoom reports the meeting ended (status 3): the window closes.
  const closed = meeting.waitForEvent('close');
  await reportMeetingStatus(meeting, 3);
  await closed;
});

test('a student can join only once the lesson is active, as a participant with their customer key', async ({
  page,
  context,
  school,
}) => {
  const { teacher, student, lessonId } = await lessonFor(school, 'Student story');
  await installZoomDouble(context);
  await signInAt(page, school.baseUrl, student);

  const card = page.getByTestId('dashboard-lesson').filter({ hasText: 'Student story' });
  await expect(card.getByRole('button', { name: 'Chờ bắt đầu' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Tham gia' })).toHaveCount(0);

  // The teacher starts it elsewhere; the student's dashboard follows live.
  const teacherClient = new TestClient(school.baseUrl);
  await teacherClient.login(teacher.email, teacher.password);
  const started = await teacherClient.post(`/api/schedules/${lessonId}/start`);
  expect(started.status, started.text).toBe(200);

  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Tham gia' }).click();
  const meeting = await popupOpened;
  await expect(meeting.getByRole('status', { name: 'Joining meeting' })).toContainText(
    'Role: Participant (Student)',
  );
  await expect.poll(async () => callsNamed(await zoomCalls(meeting), 'join').length).toBe(1);
  const join = callsNamed(await zoomCalls(meeting), 'join')[0]!.args as Record<string, string>;
  expect(join).toMatchObject({
    meetingNumber: started.body.launch.meetingNumber,
    userName: student.user.full_name,
    userEmail: student.email,
    customerKey: student.user.user_id,
  });
  expect(join.zak).toBeUndefined();
  expect(claims(join.signature!)).toMatchObject({ mn: started.body.launch.meetingNumber, role: 0 });
  // The host's start URL never reaches the student's pages.
  const html = await meeting.content();
  expect(html).not.toContain('zoom.example/s/');

  // The close button (shown outside full screen) leaves full screen and closes the tab.
  await meeting.evaluate(() => (document.fullscreenElement ? document.exitFullscreen() : null));
  const closed = meeting.waitForEvent('close');
  await meeting.getByRole('button', { name: 'Close meeting' }).click();
  await closed;
});

test('a meeting tab that fails and is closed is reported on the dashboard card that opened it', async ({
  page,
  context,
  school,
}) => {
  const { teacher } = await lessonFor(school, 'Failing story');
  await installZoomDouble(context, {
    joinError: { errorMessage: 'Signature is invalid.', errorCode: 3712 },
  });
  await signInAt(page, school.baseUrl, teacher);
  const card = page.getByTestId('dashboard-lesson').filter({ hasText: 'Failing story' });
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Bắt đầu' }).click();
  const meeting = await popupOpened;
  await expect(meeting.getByText('Failed to join meeting: Signature is invalid.')).toBeVisible();
  const closed = meeting.waitForEvent('close');
  await meeting.getByRole('button', { name: 'Close Window' }).click();
  await closed;
  await expect(page.getByText('Không vào được buổi học')).toBeVisible();
  await expect(
    page.getByText(
      'Tab cuộc họp đã đóng trước khi vào được buổi học: Failed to join meeting: Signature is invalid.',
    ),
  ).toBeVisible();
});

test("when the browser blocks the new tab, the start shows 'Lỗi mở tab'", async ({
  page,
  school,
}) => {
  const { teacher } = await lessonFor(school, 'Blocked story');
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await signInAt(page, school.baseUrl, teacher);
  const card = page.getByTestId('dashboard-lesson').filter({ hasText: 'Blocked story' });
  await card.getByRole('button', { name: 'Bắt đầu' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Lỗi mở tab' });
  await expect(toast).toContainText('Không thể mở tab cuộc họp. Vui lòng cho phép popup.');
});

test('the real SDK in a tab the dashboard opened: media engine loaded, page isolated, a failed join stays on the Meeting Error screen until its button is clicked', async ({
  page,
  context,
  school,
}) => {
  // No double: the @zoom/meetingsdk package's own files, served by this server. Zoom cannot be
  // reached from here (and the emulator's credentials are not real), so the join fails.
  test.setTimeout(120_000);
  const { teacher } = await lessonFor(school, 'Real SDK story');
  const consoleLines: string[] = [];
  // The app keeps the console quiet unless logging is switched on (product.md §9).
  await context.addInitScript(() => localStorage.setItem('edu:logging', 'true'));
  context.on('console', (message) => consoleLines.push(message.text()));
  await signInAt(page, school.baseUrl, teacher);

  const card = page.getByTestId('dashboard-lesson').filter({ hasText: 'Real SDK story' });
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Bắt đầu' }).click();
  const meeting = await popupOpened;
  let closed = false;
  meeting.on('close', () => {
    closed = true;
  });
  await expect(meeting).toHaveURL(/\/meeting\?/);
  expect(await meeting.evaluate(() => window.crossOriginIsolated)).toBe(true);

  // The media engine (js_media) loads from the absolute library address and starts.
  await expect
    .poll(() => consoleLines.some((line) => line.includes('success load jsmedia')), {
      timeout: 60_000,
    })
    .toBe(true);

  const screen = meeting.getByRole('alert').filter({ hasText: 'Meeting Error' });
  await expect(screen).toBeVisible({ timeout: 90_000 });
  await expect(screen.getByText(/^Failed to join meeting: /)).toBeVisible();
  // The SDK reports status 3 after the failed join: the tab must not close by itself.
  await meeting.waitForTimeout(3_000);
  expect(closed).toBe(false);
  expect(consoleLines.filter((line) => line.includes('error load jsmedia'))).toEqual([]);

  // What a click at the button's middle hits is the button, not a layer of the SDK's over it.
  const button = screen.getByRole('button', { name: 'Close Window' });
  const box = (await button.boundingBox())!;
  const hit = await meeting.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe('Close Window');
  const closing = meeting.waitForEvent('close');
  await meeting.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await closing;
});
