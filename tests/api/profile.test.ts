import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import {
  GIF_1x1,
  HTML_PAGE,
  JPEG_1x1,
  oversizedPng,
  PNG_1x1,
  SVG_WITH_SCRIPT,
  WEBP_1x1,
} from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let student: Account;

beforeAll(async () => {
  server = await startTestServer();
  student = await createAccount(server, await server.admin(), 'student', { full_name: 'Lan' });
});
afterAll(() => server.close());

describe('own profile', () => {
  test('a student changes their full name', async () => {
    const response = await student.client.patch('/api/profile', { full_name: '  Trần Thị Lan  ' });
    expect(response.status).toBe(200);
    expect(response.body.code).toBe('PROFILE_UPDATED');
    expect(response.body.user.full_name).toBe('Trần Thị Lan');
    expect((await student.client.get('/api/auth/session')).body.user.full_name).toBe(
      'Trần Thị Lan',
    );
  });

  test('an empty full name is refused and changes nothing', async () => {
    const before = await snapshot(server, ['users']);
    const response = await student.client.patch('/api/profile', { full_name: '   ' });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('full_name');
    expect(await snapshot(server, ['users'])).toEqual(before);
  });

  test('role, email or active flag cannot be set through the profile: refused, nothing changes', async () => {
    const before = await snapshot(server, ['users']);
    for (const [field, value] of [
      ['role', 'admin'],
      ['email', 'boss@example.com'],
      ['is_active', false],
      ['user_id', '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await student.client.patch('/api/profile', {
        full_name: 'Lan',
        [field]: value,
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        field,
        code: 'JSON_UNKNOWN_FIELD',
        params: { field },
      });
    }
    expect(await snapshot(server, ['users'])).toEqual(before);
  });
});

describe('avatar upload', () => {
  test.each([
    ['PNG', PNG_1x1, 'png'],
    ['JPEG', JPEG_1x1, 'jpg'],
    ['WebP', WEBP_1x1, 'webp'],
  ])('a %s avatar is stored under the user and served back safely', async (_label, bytes, ext) => {
    const response = await student.client.upload('/api/profile/avatar', {
      bytes,
      name: `photo.${ext}`,
      type: 'application/octet-stream',
    });
    expect(response.status).toBe(200);
    expect(response.body.code).toBe('AVATAR_UPDATED');
    const url: string = response.body.user.avatar_url;
    expect(url).toMatch(
      new RegExp(`^/files/avatars/${student.user.auth_id}/avatar-\\d+\\.${ext}$`),
    );
    const served = await fetch(server.baseUrl + url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
  });

  test.each([
    ['a GIF', GIF_1x1, 'image/gif'],
    ['HTML named as PNG', HTML_PAGE, 'image/png'],
    ['an SVG with script', SVG_WITH_SCRIPT, 'image/svg+xml'],
    ['an empty file', Buffer.alloc(0), 'image/png'],
  ])('%s is refused with the format message', async (_label, bytes, type) => {
    const before = await snapshot(server, ['users']);
    const response = await student.client.upload('/api/profile/avatar', {
      bytes,
      name: 'avatar.png',
      type,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('AVATAR_TYPE');
    expect(await snapshot(server, ['users'])).toEqual(before);
  });

  test('a file over 5 MB is refused with the size message', async () => {
    const before = await snapshot(server, ['users']);
    const response = await student.client.upload('/api/profile/avatar', {
      bytes: oversizedPng(),
      name: 'big.png',
      type: 'image/png',
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('AVATAR_SIZE');
    expect(await snapshot(server, ['users'])).toEqual(before);
  });

  test('a JSON body instead of a file upload is refused', async () => {
    const response = await student.client.post('/api/profile/avatar', { file: 'x' });
    expect(response.status).toBe(415);
  });

  test('a signed-out visitor cannot upload', async () => {
    const response = await server.client().upload('/api/profile/avatar', {
      bytes: PNG_1x1,
      name: 'a.png',
      type: 'image/png',
    });
    expect(response.status).toBe(401);
  });

  test('paths outside the file store and non-image files are not served', async () => {
    for (const url of [
      '/files/../edu-center.sqlite',
      '/files/%2e%2e/edu-center.sqlite',
      '/files/x.html',
    ]) {
      const response = await fetch(server.baseUrl + url);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });
});
