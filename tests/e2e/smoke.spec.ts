import { expect, test } from './fixtures.ts';

test('screenshot of the login page and the dashboard', async ({ page, app, signIn }) => {
  await page.goto('/login');
  await page.screenshot({ path: 'test-results/login.png' });
  const admin = await app.account('admin');
  await signIn(page, admin);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Xin chào');
  await page.screenshot({ path: 'test-results/dashboard.png' });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Cài Đặt Hệ Thống' })).toBeVisible();
  await page.screenshot({ path: 'test-results/settings.png', fullPage: true });
});
