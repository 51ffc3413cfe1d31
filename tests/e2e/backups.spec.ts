// Issue 30, 'Backups and restore' in the browser (docs/decisions/042-backups.md): the admin opens
// Settings → System, presses 'Sao lưu ngay', sees it start, then the new backup listed with its
// check passed, and downloads it as a .tar.
import fs from 'node:fs/promises';
import { expect, test } from './fixtures.ts';

test('the admin backs up now, sees the backup checked, and downloads it', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('admin'), '/settings');
  const card = page.getByRole('region', { name: 'Hệ thống' });
  await expect(card.getByText('Khôi phục: dừng máy chủ rồi chạy')).toBeVisible();
  const list = card.getByRole('table', { name: 'Các bản sao lưu' });
  const before = (await list.isVisible()) ? await list.getByRole('row').count() : 1;
  await card.getByRole('button', { name: 'Sao lưu ngay' }).click();
  // The progress while it runs (shown at once, then polled every second), and the toast.
  await expect(card.getByText(/^Đang sao lưu… \d+%$/)).toBeVisible();
  await expect(page.getByText('Đang sao lưu…', { exact: true })).toBeVisible();
  // The new backup, checked: one row more, the newest first, with its check passed.
  await expect(list.getByRole('row')).toHaveCount(before + 1, { timeout: 30_000 });
  const newest = list.getByRole('row').nth(1);
  await expect(newest.getByText('Kiểm tra đạt')).toBeVisible({ timeout: 30_000 });
  await expect(newest).toContainText('thủ công');
  await expect(newest).toContainText(/\d+(\.\d)? (KB|MB)/);
  const downloading = page.waitForEvent('download');
  await newest.getByRole('link', { name: /Tải về bản sao lưu lúc/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^edu-center-backup-.+\.tar$/);
  const bytes = await fs.readFile(await download.path());
  expect(bytes.subarray(257, 262).toString()).toBe('ustar');
});
