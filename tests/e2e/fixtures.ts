// Playwright fixtures: each worker runs the real server (`node src/server/main.ts`, serving the
// built app) on its own fresh data directory; tests create their own users through the API.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test as base, expect, type Page } from '@playwright/test';
import type { Role } from '#common/constants.ts';
import { SQLITE_FILE_NAME } from '#server/db/connection.ts';
import { type Account, createAccount, uniqueEmail } from '../helpers/factories.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { TestClient } from '../helpers/test-server.ts';

export const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' };

export interface AppServer {
  baseUrl: string;
  /** The worker's database file, for setting up states the API cannot produce directly. */
  sql(statement: string, ...params: (string | number | null)[]): void;
  /** Sets the server's clock (reset after each test). */
  setServerTime(iso: string | null): Promise<void>;
  client(): TestClient;
  admin(): Promise<TestClient>;
  account(role: Role, overrides?: { email?: string; full_name?: string }): Promise<Account>;
}

export const test = base.extend<
  {
    app: AppServer;
    /** Signs in on the login page as a user would, then opens `path` when given. */
    signIn: (page: Page, who: { email: string; password: string }, path?: string) => Promise<void>;
  },
  { server: { process: ServerProcess; dataDir: string } }
>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies this way
    async ({}, use) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-e2e-'));
      const process = await startServerProcess({
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOGIN_MAX_FAILURES_PER_IP: '100000',
        TEST_CLOCK: 'true',
      });
      await use({ process, dataDir });
      await process.kill('SIGTERM');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.process.baseUrl),
  app: async ({ server }, use) => {
    const baseUrl = server.process.baseUrl;
    const client = () => new TestClient(baseUrl);
    const database = new DatabaseSync(path.join(server.dataDir, SQLITE_FILE_NAME));
    database.exec('PRAGMA busy_timeout = 5000');
    const setServerTime = async (iso: string | null) => {
      const response = await client().put('/api/test/clock', { now: iso });
      if (response.status !== 200)
        throw new Error(`could not set the server clock: ${response.text}`);
    };
    const admin = async () => {
      const c = client();
      await c.login(ADMIN.email, ADMIN.password);
      return c;
    };
    await use({
      baseUrl,
      sql: (statement, ...params) => {
        database.prepare(statement).run(...params);
      },
      setServerTime,
      client,
      admin,
      account: async (role, overrides) => createAccount({ client }, await admin(), role, overrides),
    });
    await setServerTime(null);
    database.close();
  },
  page: async ({ page }, use) => {
    // An uncaught error in the page fails the test.
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await use(page);
    expect(errors, errors.map((e) => e.message).join('\n')).toEqual([]);
  },
  signIn: async ({ baseURL }, use) => {
    await use(async (page, who, path) => {
      await signInAt(page, baseURL!, who);
      if (path) await page.goto(path);
    });
  },
});

/** Signs in on the login page of the server at baseUrl, as a user would. */
export async function signInAt(
  page: Page,
  baseUrl: string,
  who: { email: string; password: string },
) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * The pages' HTML without the first screen's data (src/server/plugins/web-boot.ts), as when the
 * server could not read them: the browser asks for each itself, which a story can then fail.
 */
export async function withoutFirstScreenData(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<script type="application\/json" id="edu-boot">.*?<\/script>/s,
      '',
    );
    return route.fulfill({ response, body: html });
  });
}

export { expect, uniqueEmail };
