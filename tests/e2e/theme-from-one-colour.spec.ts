// A theme from one colour (issue 26 point 5), on a desktop and on a phone: the admin picks a light
// primary colour, sees the ten shades made from it and the warning that white text on it is hard
// to read, takes the darker colour offered, and saves; the 60 codes stay under 'Nâng cao'.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEFAULT_THEME_COLORS } from '#common/theme-defaults.ts';
import { darkerForWhiteText, shadesFrom } from '#common/theme-shades.ts';
import { expect, test } from './fixtures.ts';

async function fitsTheWidth(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

const LIGHT_YELLOW = '#ffeb3b';

/** Axe's serious and critical findings over the page as it is (the open form included). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target.join(' '))}`);
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the admin makes a theme from one light colour and takes the darker shade offered', async ({
      page,
      app,
      signIn,
    }) => {
      const themeName = `Nắng ${width} ${Date.now() % 100000}`;
      await signIn(page, await app.account('admin'), '/settings');
      await page.getByRole('button', { name: 'Mở Quản lý Theme' }).click();
      await page
        .getByRole('dialog', { name: 'Quản lý Theme' })
        .getByRole('button', { name: 'Tạo theme mới' })
        .click();
      const form = page.getByRole('dialog', { name: 'Tạo theme mới' });
      await form.getByRole('textbox', { name: 'Tên theme' }).fill(themeName);

      // The default blue passes; the advanced codes are folded away.
      const picker = form.getByRole('textbox', { name: 'Màu chính' });
      await expect(picker).toHaveValue(DEFAULT_THEME_COLORS.primary_600);
      await expect(form.getByText('Chữ trắng khó đọc trên màu này')).toHaveCount(0);
      await expect(form.getByRole('textbox', { name: 'primary_500' })).toBeHidden();

      // Typed as a person types it: the half-typed code stays, the shades follow the whole one.
      await picker.fill('');
      await picker.pressSequentially(LIGHT_YELLOW);
      await expect(picker).toHaveValue(LIGHT_YELLOW);
      const shades = form.getByRole('list', { name: 'Các sắc độ được tạo' });
      const yellow = shadesFrom(LIGHT_YELLOW);
      await expect(shades.getByRole('listitem')).toHaveCount(10);
      await expect(shades.getByRole('listitem', { name: `600 ${LIGHT_YELLOW}` })).toBeVisible();
      await expect(shades.getByRole('listitem', { name: `50 ${yellow[50]}` })).toBeVisible();
      await expect(shades.getByRole('listitem', { name: `900 ${yellow[900]}` })).toBeVisible();

      // White on the light yellow is about 1.2:1: the warning, and one click to a readable shade.
      const warning = form.getByRole('alert').filter({ hasText: 'Chữ trắng khó đọc trên màu này' });
      await expect(warning).toContainText('cần ít nhất 4,5:1');
      await fitsTheWidth(page, width);
      // The picker, the shades and the warning are named and readable for everyone.
      expect(await seriousViolations(page)).toEqual([]);
      const darker = darkerForWhiteText(LIGHT_YELLOW);
      await warning.getByRole('button', { name: `Dùng màu đậm hơn ${darker}` }).click();
      await expect(warning).toHaveCount(0);
      await expect(picker).toHaveValue(darker);
      const generated = shadesFrom(darker);
      await expect(shades.getByRole('listitem', { name: `600 ${darker}` })).toBeVisible();
      await expect(shades.getByRole('listitem', { name: `100 ${generated[100]}` })).toBeVisible();

      // Every code is still there to change by hand; the other groups keep their defaults.
      await form.getByRole('button', { name: 'Nâng cao' }).click();
      await expect(form.getByRole('textbox', { name: 'primary_500' })).toHaveValue(generated[500]);
      await expect(form.getByRole('textbox', { name: 'primary_900' })).toHaveValue(generated[900]);
      await form.getByRole('tab', { name: 'Success' }).click();
      await expect(form.getByRole('textbox', { name: 'success_500' })).toHaveValue(
        DEFAULT_THEME_COLORS.success_500,
      );
      await fitsTheWidth(page, width);

      await form.getByRole('button', { name: 'Lưu theme' }).click();
      await expect(page.getByText(`Đã tạo theme ${themeName}.`)).toBeVisible();
      const saved = (await (await app.admin()).get('/api/themes')).body.items.find(
        (theme: { theme_name: string }) => theme.theme_name === themeName,
      );
      expect(saved).toMatchObject({
        primary_50: generated[50],
        primary_600: darker,
        primary_900: generated[900],
        warning_500: DEFAULT_THEME_COLORS.warning_500,
      });
    });
  });
}
