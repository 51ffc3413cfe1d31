import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('the API is documented by an OpenAPI page at /api/docs', async () => {
  const page = await fetch(`${server.baseUrl}/api/docs`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('swagger');
  const document: any = await (await fetch(`${server.baseUrl}/api/docs/json`)).json();
  expect(document.openapi).toMatch(/^3\./);
  for (const path of [
    '/api/auth/login',
    '/api/auth/session',
    '/api/auth/change-password',
    '/api/users',
    '/api/users/{userId}',
    '/api/profile',
    '/api/profile/avatar',
    '/api/center-settings',
    '/api/center-settings/logo',
    '/api/themes',
    '/api/themes/{themeId}',
    '/api/themes/{themeId}/apply',
    '/api/events',
  ]) {
    expect(Object.keys(document.paths)).toContain(path);
  }
  expect(document.paths['/api/users'].post.requestBody).toBeDefined();
});

test('/api/health answers with the database kind', async () => {
  const response = await fetch(`${server.baseUrl}/api/health`);
  expect(await response.json()).toEqual({ status: 'ok', database: process.env.TEST_DB });
});

test('/api/health: fifty checks at once (sharing their database reads) each answer ok', async () => {
  const replies = await Promise.all(
    Array.from({ length: 50 }, () => fetch(`${server.baseUrl}/api/health`)),
  );
  expect(replies.map((r) => r.status)).toEqual(Array(50).fill(200));
  for (const reply of replies) {
    expect(await reply.json()).toEqual({ status: 'ok', database: process.env.TEST_DB });
  }
});
