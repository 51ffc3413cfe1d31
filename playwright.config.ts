import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/e2e/chromium.ts';

// Browser tests drive the built app (dist/web, served by the real server) in Debian's Chromium.
// Playwright's own browser download cannot work here; a missing /usr/bin/chromium fails loudly.
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 45_000,
  expect: { timeout: 8_000 },
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    launchOptions: CHROMIUM_LAUNCH,
  },
});
