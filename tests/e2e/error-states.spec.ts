// The web app never leaves a user at a blank page: a page whose code cannot be loaded, a page that
// fails while rendering, a profile that cannot be fetched, a failed list, and the failures that
// used to be silent (center settings, account creation).
import { expect, test, withoutFirstScreenData } from './fixtures.ts';
import { addAccount } from './pages/dialogs.ts';

test("a page whose chunk cannot be loaded reloads the app once, then says 'Loading chunk … failed' with a reload button", async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('teacher'));
  let loads = 0;
  page.on('load', () => loads++);
  // The redeploy case: the old build's chunk is gone.
  await page.route('**/assets/schedules-page-*.js', (route) => route.abort('failed'));
  await page.getByRole('link', { name: 'My Schedules' }).click();
  const panel = page.getByRole('alert').filter({ hasText: 'Không tải được trang' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Loading chunk schedules-page failed');
  // One reload by itself, and no loop.
  expect(loads).toBe(1);
  await expect(page).toHaveURL(/\/schedules$/);
  // The menu still works: the rest of the app is there.
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // Once the file can be fetched again, the button brings the page back.
  await page.unroute('**/assets/schedules-page-*.js');
  await panel.getByRole('button', { name: 'Tải lại trang' }).click();
  await expect(page.getByRole('heading', { name: 'My Teaching Schedule' })).toBeVisible();
});

test('a chunk that never arrives fails after the 120 s chunk timeout instead of loading forever', async ({
  page,
  app,
  signIn,
}) => {
  await page.clock.install();
  await signIn(page, await app.account('teacher'));
  await page.route('**/assets/schedules-page-*.js', () => {
    // Never answered: the network hangs.
  });
  // The clock is moved on only once the page has asked for its chunk (its timeout is then
  // running): under load the app can take longer to get there than the test takes to click.
  const chunkAsked = () => page.waitForRequest(/\/assets\/schedules-page-.*\.js$/);
  let asked = chunkAsked();
  await page.getByRole('link', { name: 'My Schedules' }).click();
  await asked;
  asked = chunkAsked();
  await page.clock.runFor(120_500);
  // The first timeout reloads the app once; once it is back (the layout loads, the page's chunk
  // hangs again), the second shows the message instead of a loader forever.
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await asked;
  await page.clock.runFor(120_500);
  await expect(page.getByText('Loading chunk schedules-page failed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tải lại trang' })).toBeVisible();
});

test('a page that fails while rendering shows a panel with the way back', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('admin'));
  // A reply the page cannot render (as a broken deployment or proxy might give).
  await page.route('**/api/classes?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"items":"broken"}' }),
  );
  await page.getByRole('link', { name: 'Classes' }).click();
  const panel = page.getByRole('alert').filter({ hasText: 'Trang gặp lỗi' });
  await expect(panel).toBeVisible();
  await panel.getByRole('link', { name: 'Về trang chủ' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Xin chào/ })).toBeVisible();
});

test('the cached profile is used while fresh (15 minutes), and stands in when it cannot be fetched', async ({
  page,
  app,
  signIn,
}) => {
  const teacher = await app.account('teacher', { full_name: 'Cô Cache' });
  await signIn(page, teacher);
  const sessionRequests: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/auth/session') && sessionRequests.push(r.url()));
  // Fresh: a reload does not even ask.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Xin chào, Cô Cache!' })).toBeVisible();
  expect(sessionRequests).toHaveLength(0);
  // Older than 15 minutes: it is fetched again; when that fails, the cached profile stands in.
  // (A page whose HTML brought no session, as when the server could not read it.)
  await withoutFirstScreenData(page);
  await page.evaluate(() => {
    const cached = JSON.parse(localStorage.getItem('edu:session')!);
    cached.cachedAt -= 16 * 60_000;
    localStorage.setItem('edu:session', JSON.stringify(cached));
  });
  await page.route('**/api/auth/session', (route) => route.fulfill({ status: 503, body: '' }));
  await page.reload();
  await expect.poll(() => sessionRequests.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Xin chào, Cô Cache!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('without a cached profile, a failed profile load keeps the session and retries instead of going to /login', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('student', { full_name: 'Trò Kiên Nhẫn' }));
  await withoutFirstScreenData(page);
  await page.evaluate(() => localStorage.removeItem('edu:session'));
  await page.route('**/api/auth/session', (route) => route.fulfill({ status: 503, body: '' }));
  await page.reload();
  const notice = page.getByRole('alert').filter({ hasText: 'Chưa tải được thông tin tài khoản' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(page).not.toHaveURL(/\/login/);
  await page.unroute('**/api/auth/session');
  await notice.getByRole('button', { name: 'Thử lại' }).click();
  await expect(page.getByRole('heading', { name: 'Xin chào, Trò Kiên Nhẫn!' })).toBeVisible();
});

test('a list that fails to load says so with a retry; one that loads shows a loader first', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('staff'));
  let fail = true;
  await page.route('**/api/schedules?*', (route) =>
    fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  );
  await page.getByRole('link', { name: 'Schedules' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'Không thể tải danh sách lịch học' });
  await expect(error).toBeVisible({ timeout: 15_000 });
  fail = false;
  await error.getByRole('button', { name: 'Thử lại' }).click();
  await expect(error).toHaveCount(0);
  await expect(
    page.getByText(/^Không có buổi học nào/).or(page.getByTestId('schedule-card').first()),
  ).toBeVisible();
});

test("a failed center-settings load says 'Lỗi khi tải thông tin trung tâm'", async ({ page }) => {
  await withoutFirstScreenData(page);
  await page.route('**/api/center-settings', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/login');
  await expect(page.getByText('Lỗi khi tải thông tin trung tâm')).toBeVisible({ timeout: 15_000 });
  // The sign-in page is there all the same, with the default name, and the message shows once.
  await expect(page.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edu Center' })).toBeVisible();
  await expect(page.getByText('Lỗi khi tải thông tin trung tâm')).toHaveCount(1);
});

test("a failed account creation says 'Không thể tạo tài khoản. Vui lòng thử lại.'", async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('staff'), '/students');
  await page.route('**/api/users', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, body: '{}' })
      : route.continue(),
  );
  const dialog = await addAccount(page, 'Thêm học viên', 'Trò Lỗi', 'loi@example.com');
  await expect(dialog.getByRole('alert')).toHaveText('Không thể tạo tài khoản. Vui lòng thử lại.');
});
