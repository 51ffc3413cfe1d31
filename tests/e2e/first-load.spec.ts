// A page opened on a slow network (issue 31 point 4, src/server/plugins/web-boot.ts): what the
// first screen needs comes with the HTML, so the browser does not ask for it again; and what came
// for one person never shows to the next one who signs in in the same tab.
import type { Page } from '@playwright/test';
import { createClass, createLesson, enrol, runningFromToday } from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';

/** The API requests the page makes from now on, as method and path. */
function recordApiRequests(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}`);
  });
  return requests;
}

test("a student's dashboard opens with its data and the page's scripts from the HTML; the next person in the tab sees their own", async ({
  page,
  app,
  signIn,
}) => {
  const stamp = Date.now().toString(36);
  const admin = await app.admin();
  const student = await app.account('student', { full_name: `Trò Hạnh ${stamp}` });
  const teacher = await app.account('teacher', { full_name: `Cô Vy ${stamp}` });
  const klass = await createClass(admin, teacher.user.user_id, {
    class_name: `Lớp mở nhanh ${stamp}`,
    ...runningFromToday(),
  });
  await enrol(admin, klass.class_id, [student.user.user_id]);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await createLesson(admin, klass.class_id, `${tomorrow}T10:00:00.000Z`, 60, `Buổi nhanh ${stamp}`);

  await signIn(page, student);
  // Opened afresh, as from a bookmark: the HTML carries the session, the theme, the center's
  // settings, the bell's notifications and the dashboard, and names the page's scripts.
  const requests = recordApiRequests(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const html = await (await page.goto('/dashboard'))!.text();
  await expect(page.getByRole('heading', { name: `Xin chào, Trò Hạnh ${stamp}!` })).toBeVisible();
  await expect(page.getByText(`Buổi nhanh ${stamp}`).first()).toBeVisible();
  // What the page asked for until it showed (later, the event stream may ask it to refresh).
  const untilShown = [...requests];
  for (const answered of [
    'GET /api/auth/session',
    'GET /api/themes/active',
    'GET /api/center-settings',
    'GET /api/notifications',
    'GET /api/dashboard',
  ]) {
    expect(untilShown, answered).not.toContain(answered);
  }
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  expect(preloaded.map((match) => match[1])).toEqual(
    expect.arrayContaining([expect.stringMatching(/\/assets\/dashboard-page-[\w-]+\.js$/)]),
  );
  expect(scripts).toEqual(
    expect.arrayContaining([expect.stringMatching(/\/assets\/dashboard-page-[\w-]+\.js$/)]),
  );

  // Another person signs in in the same tab: their own name, not the first one's.
  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const other = await app.account('student', { full_name: `Trò Khoa ${stamp}` });
  await page.getByLabel('Email').fill(other.email);
  await page.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(other.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByRole('heading', { name: `Xin chào, Trò Khoa ${stamp}!` })).toBeVisible();
  await expect(page.getByText(`Buổi nhanh ${stamp}`)).toHaveCount(0);
});

test('an ended session in the HTML goes to the sign-in page at once', async ({ page, app }) => {
  await page
    .context()
    .addCookies([{ name: 'edu_session', value: 'ended-session', url: app.baseUrl }]);
  const requests = recordApiRequests(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
  expect(requests).not.toContain('GET /api/auth/session');
});
