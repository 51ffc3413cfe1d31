import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { GIF_1x1, HTML_PAGE, oversizedPng, PNG_1x1, SVG_WITH_SCRIPT } from '../helpers/images.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;
let staff: Account;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
});
afterAll(() => server.close());

describe('center settings', () => {
  test('anyone, even signed out, reads the name and logo (the login page shows them)', async () => {
    const response = await server.client().get('/api/center-settings');
    expect(response.status).toBe(200);
    expect(response.body.center_name).toBe('Edu Center');
    expect(response.body.logo_url).toBeNull();
  });

  test('admin renames the center', async () => {
    const response = await admin.patch('/api/center-settings', {
      center_name: '  Sunrise English ',
    });
    expect(response.status).toBe(200);
    expect(response.body.code).toBe('CENTER_UPDATED');
    expect((await server.client().get('/api/center-settings')).body.center_name).toBe(
      'Sunrise English',
    );
  });

  test('an empty name is refused with the specification message', async () => {
    const response = await admin.patch('/api/center-settings', { center_name: ' ' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION', reason: 'CENTER_NAME_REQUIRED' });
  });

  test('staff, teachers and students cannot change settings, and nothing changes', async () => {
    const teacher = await createAccount(server, admin, 'teacher');
    const before = await snapshot(server, ['center_settings']);
    for (const client of [staff.client, teacher.client]) {
      expect((await client.patch('/api/center-settings', { center_name: 'Mine' })).status).toBe(
        403,
      );
      const upload = await client.upload('/api/center-settings/logo', {
        bytes: PNG_1x1,
        name: 'logo.png',
        type: 'image/png',
      });
      expect(upload.status).toBe(403);
    }
    expect(await snapshot(server, ['center_settings'])).toEqual(before);
  });

  test('admin uploads a logo, stored as logos/logo-{timestamp}.{ext}', async () => {
    for (const [bytes, ext] of [
      [PNG_1x1, 'png'],
      [GIF_1x1, 'gif'],
    ] as const) {
      const response = await admin.upload('/api/center-settings/logo', {
        bytes,
        name: 'whatever.bin',
        type: 'image/png',
      });
      expect(response.status).toBe(200);
      expect(response.body.settings.logo_url).toMatch(
        new RegExp(`^/files/logos/logo-\\d+\\.${ext}$`),
      );
      const served = await fetch(server.baseUrl + response.body.settings.logo_url);
      expect(served.status).toBe(200);
    }
  });

  test.each([
    ['HTML', HTML_PAGE],
    ['SVG with script', SVG_WITH_SCRIPT],
  ])('a %s "logo" is refused as not a valid image', async (_label, bytes) => {
    const before = await snapshot(server, ['center_settings']);
    const response = await admin.upload('/api/center-settings/logo', {
      bytes,
      name: 'logo.svg',
      type: 'image/svg+xml',
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('LOGO_INVALID');
    expect(await snapshot(server, ['center_settings'])).toEqual(before);
  });

  test('a logo over 5 MB is refused with the size message', async () => {
    const response = await admin.upload('/api/center-settings/logo', {
      bytes: oversizedPng(),
      name: 'big.png',
      type: 'image/png',
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('LOGO_TOO_LARGE');
  });
});
