import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { createAccount } from '../helpers/factories.ts';
import { createClass, createLesson, minutesFromNow, runningFromToday } from '../helpers/school.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import { TestClient } from '../helpers/test-server.ts';
import { startZoomAccount } from '../helpers/zoom-school.ts';
import { expect, signInAt, test } from './fixtures.ts';
import { confirmIn, expectToast } from './pages/dialogs.ts';

test('without Zoom connected, the page says so, SYNC is unavailable, and the admin is pointed to Settings', async ({
  page,
  browser,
  app,
  signIn,
}) => {
  const staffPage = await browser.newPage();
  await signIn(staffPage, await app.account('staff'), '/zoom-accounts');
  await expect(staffPage.getByRole('status')).toHaveText(
    'Zoom chưa được kết nối. Chỉ admin mới kết nối được Zoom (Cài đặt → Zoom).',
  );
  await staffPage.close();
  await signIn(page, await app.account('admin'), '/zoom-accounts');
  await expect(page.getByRole('status')).toContainText('Zoom chưa được kết nối.');
  await expect(page.getByText(/ZOOM_ACCOUNT_ID/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'SYNC' })).toBeDisabled();
  await page.getByRole('link', { name: 'Mở Cài đặt' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Zoom' })).toBeVisible();
});

test('admin syncs and adds accounts, and sees one go online live when a lesson starts elsewhere', async ({
  page,
  browser,
}) => {
  // Starts its own Zoom emulator and server.
  test.setTimeout(90_000);
  const { zoom, env } = await startZoomAccount(3);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-e2e-zoom-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@zoom.e2e',
    ADMIN_PASSWORD: 'zoom-e2e-password',
    ...env,
  });
  try {
    const client = () => new TestClient(server.baseUrl);
    const admin = client();
    await admin.login('admin@zoom.e2e', 'zoom-e2e-password');
    const adminAccount = await createAccount({ client }, admin, 'admin');
    const staffAccount = await createAccount({ client }, admin, 'staff');
    const teacher = await createAccount({ client }, admin, 'teacher');

    await signInAt(page, server.baseUrl, adminAccount);
    await page.goto(`${server.baseUrl}/zoom-accounts`);
    await expect(page.getByText('Chưa có tài khoản Zoom nào.')).toBeVisible();
    await page.getByRole('button', { name: 'SYNC' }).click();
    const dialog = page.getByRole('dialog', { name: 'Đồng bộ tài khoản Zoom' });
    await expect(dialog.getByRole('checkbox')).toHaveCount(4);
    // Open, the dialog names every control (axe: no nameless button, no serious violation).
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id),
    ).toEqual([]);
    await dialog.getByRole('button', { name: `Thêm ${zoom.users[0]!.email}` }).click();
    await expectToast(page, 'Đã thêm 1 tài khoản Zoom.');
    // Another admin adds one of the listed accounts meanwhile: adding it again is refused, and
    // the dialog stays open naming it.
    const taken = zoom.users[1]!;
    const other = await admin.post('/api/zoom-accounts', {
      users: [{ id: taken.id, email: taken.email }],
    });
    expect(other.status, other.text).toBe(201);
    await dialog.getByRole('checkbox', { name: 'Chọn tất cả' }).check();
    await dialog.getByRole('button', { name: 'Thêm đã chọn (2)' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      `Không thêm được tài khoản nào: ${taken.email} đã có trong hệ thống.`,
    );
    await dialog.getByRole('checkbox', { name: `Chọn ${taken.email}` }).uncheck();
    // Then the rest is added: the dialog closes, and the toast says how many.
    await dialog.getByRole('button', { name: 'Thêm đã chọn (1)' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Đã thêm 1 tài khoản Zoom.').last()).toBeVisible();
    await expect(page.getByTestId('online-badge')).toHaveText(['Offline', 'Offline', 'Offline']);

    // Nothing left to sync: the info message of §8.
    await page.getByRole('button', { name: 'SYNC' }).click();
    const info = page
      .getByRole('alert')
      .filter({ hasText: 'Tất cả tài khoản Zoom đã được thêm vào hệ thống' });
    await expect(info).toBeVisible();
    // An info message stays until dismissed.
    await info.getByRole('button').click();
    await expect(info).toHaveCount(0);

    // A lesson starts elsewhere: one account goes online on this page, live.
    const { class_id: classId } = await createClass(admin, teacher.user.user_id, {
      class_name: 'Zoom class',
      ...runningFromToday(),
    });
    // In ten minutes: inside the early-start window.
    const { schedule_id: lessonId } = await createLesson(
      admin,
      classId,
      minutesFromNow(10),
      60,
      'Zoom lesson',
    );
    const started = await teacher.client.post(`/api/schedules/${lessonId}/start`);
    expect(started.status, started.text).toBe(200);
    await expect(page.getByTestId('online-badge').filter({ hasText: 'Online' })).toHaveCount(1);
    // Deleting an online account is refused with the message of §8.
    const busyRow = page
      .getByRole('row')
      .filter({ has: page.getByTestId('online-badge').filter({ hasText: 'Online' }) });
    await busyRow.getByRole('button', { name: /^Xóa / }).click();
    await confirmIn(page, 'Xóa tài khoản Zoom');
    await expect(page.getByText(/đang ONLINE, đợi meeting kết thúc/)).toBeVisible();

    // Staff sees the pool but none of the admin's controls.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signInAt(staffPage, server.baseUrl, staffAccount);
    await staffPage.goto(`${server.baseUrl}/zoom-accounts`);
    await expect(staffPage.getByTestId('online-badge')).toHaveCount(3);
    await expect(staffPage.getByRole('button', { name: 'SYNC' })).toHaveCount(0);
    await expect(staffPage.getByRole('button', { name: /^Xóa / })).toHaveCount(0);
    await staffContext.close();
  } finally {
    await server.kill('SIGTERM');
    await zoom.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
