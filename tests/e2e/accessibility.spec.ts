import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}

test('the login page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the settings page has no serious or critical accessibility violations', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('admin'));
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Cài Đặt Hệ Thống' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the students page has no serious or critical accessibility violations', async ({
  page,
  app,
  signIn,
}) => {
  await app.account('student', { full_name: 'Axe Student' });
  await signIn(page, await app.account('admin'));
  await page.goto('/students');
  await expect(page.getByRole('row', { name: /Axe Student/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
