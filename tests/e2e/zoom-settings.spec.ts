// Settings → Zoom (issue 26 point 1): the admin connects the center's Zoom apps from the app,
// against the Zoom emulator, sees the connection check's verdict, and afterwards only masked
// values; at a desktop's width and a phone's.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { createAccount } from '../helpers/factories.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import { TestClient } from '../helpers/test-server.ts';
import { startZoomAccount } from '../helpers/zoom-school.ts';
import { expect, signInAt, test } from './fixtures.ts';
import { expectToast } from './pages/dialogs.ts';

const SECRETS = ['sdk-secret-of-the-story', 'webhook-token-of-the-story'];

for (const width of [1366, 390]) {
  test(`at ${width} px the admin connects Zoom in Settings, sees the verdict, then only masked values`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    // Its own emulator and server: the server knows where Zoom is, and no credentials.
    const { zoom, env } = await startZoomAccount(2);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-e2e-zoom-settings-'));
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@zoom-settings.e2e',
      ADMIN_PASSWORD: 'zoom-settings-password',
      ZOOM_API_URL: env.ZOOM_API_URL!,
      ZOOM_OAUTH_URL: env.ZOOM_OAUTH_URL!,
    });
    try {
      const client = () => new TestClient(server.baseUrl);
      const admin = client();
      await admin.login('admin@zoom-settings.e2e', 'zoom-settings-password');
      const owner = await createAccount({ client }, admin, 'admin');
      await signInAt(page, server.baseUrl, owner);
      await page.goto(`${server.baseUrl}/settings`);

      await expect(page.getByText('Chưa kết nối')).toBeVisible();
      await page.getByRole('button', { name: 'Mở Zoom' }).click();
      const dialog = page.getByRole('dialog', { name: 'Kết nối Zoom' });
      await expect(dialog.getByText('marketplace.zoom.us', { exact: false })).toBeVisible();
      await expect(dialog.getByTestId('webhook-url')).toHaveText(
        // Without PUBLIC_ORIGIN: http://localhost:PORT, never the request's Host.
        `${server.baseUrl.replace('127.0.0.1', 'localhost')}/api/zoom/webhook`,
      );
      await expect(dialog.getByRole('button', { name: 'Sao chép địa chỉ webhook' })).toBeVisible();
      // Open, the dialog names every field and control (axe: no serious violation).
      const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id),
      ).toEqual([]);

      await dialog.getByLabel('Account ID', { exact: true }).fill(zoom.credentials.accountId);
      await dialog.getByLabel('Client ID', { exact: true }).fill(zoom.credentials.clientId);
      await dialog.getByLabel('Client Secret', { exact: true }).fill(zoom.credentials.clientSecret);
      await dialog.getByLabel(/^SDK Key/).fill('sdk-key-of-the-story');
      await dialog.getByLabel(/^SDK Secret/).fill(SECRETS[0]!);
      await dialog.getByLabel('Secret Token', { exact: true }).fill(SECRETS[1]!);
      await dialog.getByRole('button', { name: 'Lưu và kiểm tra kết nối' }).click();

      await expectToast(page, 'Đã lưu cài đặt Zoom.');
      const verdict = dialog.getByRole('region', { name: 'Kết quả kiểm tra kết nối' });
      await expect(verdict.getByRole('status')).toHaveText(
        'Mọi phần của kết nối Zoom đều hoạt động.',
      );
      await expect(verdict.getByTestId('check-users')).toContainText('Đọc được 2 người dùng Zoom');
      // Saved: the boxes are empty again, and say only that a value is kept.
      await expect(dialog.getByLabel(/^SDK Secret/)).toHaveValue('');
      await expect(dialog.getByTestId('saved-sdk_key')).toHaveText('Đã lưu (••••tory).');
      await expect(dialog.getByTestId('saved-sdk_secret')).toHaveText('Đã lưu.');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // On a phone the toast lies over the dialog's buttons until it goes (not while pointed at).
      await page.mouse.move(width / 2, 5);
      await expect(page.getByText('Đã lưu cài đặt Zoom.')).toBeHidden({ timeout: 15_000 });
      await dialog.getByRole('button', { name: 'Đóng', exact: true }).click();
      await expect(page.getByText('Đã kết nối')).toBeVisible();

      // After a reload too, no secret anywhere in the page.
      await page.reload();
      await page.getByRole('button', { name: 'Mở Zoom' }).click();
      await expect(dialog.getByTestId('saved-client_secret')).toHaveText('Đã lưu.');
      const html = await page.content();
      for (const secret of [...SECRETS, zoom.credentials.clientSecret]) {
        expect(html).not.toContain(secret);
      }

      // The webhook's token cleared: the check warns that joins and leaves are not recorded.
      await dialog.getByRole('button', { name: 'Xóa Secret Token' }).click();
      await expect(dialog.getByTestId('saved-webhook_secret_token')).toHaveText('Sẽ xóa khi lưu.');
      await dialog.getByRole('button', { name: 'Lưu và kiểm tra kết nối' }).click();
      await expect(dialog.getByTestId('saved-webhook_secret_token')).toHaveText('Chưa đặt.');
      await expect(verdict.getByTestId('check-webhook')).toContainText('Chưa có Secret Token');
    } finally {
      await server.kill('SIGTERM');
      await zoom.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
}
