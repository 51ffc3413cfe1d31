import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_THEME_COLORS } from '#common/theme-defaults.ts';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { refusal } from '../helpers/replies.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;
let staff: Account;

const validTheme = (name: string) => ({
  theme_name: name,
  description: 'Warm colours',
  primary_500: '#f97316',
  success_500: '#22c55e',
  error_500: '#ef4444',
  warning_500: '#f59e0b',
  gray_500: '#6b7280',
  bg_primary: '#ffffff',
  bg_secondary: '#fff7ed',
});

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
});
afterAll(() => server.close());

describe('themes', () => {
  test('the default blue theme exists and is active after the first start (public read)', async () => {
    const response = await server.client().get('/api/themes/active');
    expect(response.status).toBe(200);
    expect(response.body.is_default).toBe(true);
    expect(response.body.is_active).toBe(true);
    expect(response.body.primary_500).toBe('#3b82f6');
    expect(response.body.primary_600).toBe('#2563eb');
    expect(response.body.bg_tertiary).toBe('#f1f5f9');
  });

  test('admin creates a theme; colours not given start from the defaults', async () => {
    const response = await admin.post('/api/themes', validTheme('Sunset'));
    expect(response.status).toBe(201);
    expect(response.body.theme_name).toBe('Sunset');
    expect(response.body.primary_500).toBe('#f97316');
    expect(response.body.primary_600).toBe(DEFAULT_THEME_COLORS.primary_600);
    expect(response.body.is_default).toBe(false);
    expect(response.body.is_active).toBe(false);
    const list = await admin.get('/api/themes');
    expect(list.body.items.map((t: { theme_name: string }) => t.theme_name)).toEqual([
      'Default Blue',
      'Sunset',
    ]);
  });

  test.each([
    [{ theme_name: '' }, { code: 'THEME_NAME_REQUIRED' }],
    [{ theme_name: 'ab' }, { code: 'THEME_NAME_TOO_SHORT' }],
    [{ primary_500: 'blue' }, { code: 'THEME_COLOR_INVALID', params: { key: 'primary_500' } }],
    [{ bg_secondary: '#12345' }, { code: 'THEME_COLOR_INVALID', params: { key: 'bg_secondary' } }],
    [{ gray_500: undefined }, { code: 'THEME_COLOR_INVALID', params: { key: 'gray_500' } }],
    [{ primary_300: 'red;}' }, { code: 'THEME_COLOR_INVALID', params: { key: 'primary_300' } }],
  ])('a theme with %j is refused with %j', async (change, message) => {
    const before = await snapshot(server, ['theme_settings']);
    const response = await admin.post('/api/themes', { ...validTheme('Broken'), ...change });
    expect(response.status).toBe(400);
    expect(refusal(response.body)).toEqual(message);
    expect(await snapshot(server, ['theme_settings'])).toEqual(before);
  });

  test('#rgb short colours are accepted', async () => {
    const response = await admin.post('/api/themes', {
      ...validTheme('Short Hex'),
      primary_500: '#f80',
    });
    expect(response.status).toBe(201);
  });

  test('theme names are unique whatever their case', async () => {
    const response = await admin.post('/api/themes', validTheme('  sUnSeT '));
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('THEME_NAME_EXISTS');
  });

  test('admin edits a theme; renaming onto another name is refused', async () => {
    const created = await admin.post('/api/themes', validTheme('Forest'));
    const id = created.body.theme_id;
    const edited = await admin.put(`/api/themes/${id}`, {
      theme_name: 'Deep Forest',
      primary_500: '#166534',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.theme_name).toBe('Deep Forest');
    expect(edited.body.primary_500).toBe('#166534');
    expect(edited.body.success_500).toBe('#22c55e');
    const clash = await admin.put(`/api/themes/${id}`, { theme_name: 'SUNSET' });
    expect(clash.status).toBe(409);
    expect((await admin.put(`/api/themes/${randomUUID()}`, { theme_name: 'Nope' })).status).toBe(
      404,
    );
  });

  test('applying a theme makes it the active one for everybody', async () => {
    const created = await admin.post('/api/themes', validTheme('Ocean'));
    const applied = await admin.post(`/api/themes/${created.body.theme_id}/apply`);
    expect(applied.status).toBe(200);
    expect(applied.body.is_active).toBe(true);
    const active = await server.client().get('/api/themes/active');
    expect(active.body.theme_id).toBe(created.body.theme_id);
  });

  test('the active theme and the default theme cannot be deleted; others can', async () => {
    const active = (await server.client().get('/api/themes/active')).body;
    const refusedActive = await admin.delete(`/api/themes/${active.theme_id}`);
    expect(refusedActive.status).toBe(409);
    expect(refusedActive.body.code).toBe('THEME_DELETE_ACTIVE');

    const list = (await admin.get('/api/themes')).body.items as {
      theme_id: string;
      is_default: boolean;
      is_active: boolean;
    }[];
    const defaultTheme = list.find((t) => t.is_default)!;
    await admin.post(
      `/api/themes/${list.find((t) => !t.is_default && !t.is_active)!.theme_id}/apply`,
    );
    const refusedDefault = await admin.delete(`/api/themes/${defaultTheme.theme_id}`);
    expect(refusedDefault.status).toBe(409);
    expect(refusedDefault.body.code).toBe('THEME_DELETE_DEFAULT');

    const disposable = await admin.post('/api/themes', validTheme('Disposable'));
    expect((await admin.delete(`/api/themes/${disposable.body.theme_id}`)).status).toBe(200);
    expect((await admin.delete(`/api/themes/${disposable.body.theme_id}`)).status).toBe(404);
  });

  test('staff cannot list, create, edit, apply or delete themes', async () => {
    const theme = (await admin.get('/api/themes')).body.items[1];
    const before = await snapshot(server, ['theme_settings', 'app_settings']);
    expect((await staff.client.get('/api/themes')).status).toBe(403);
    expect((await staff.client.post('/api/themes', validTheme('Staff Theme'))).status).toBe(403);
    expect(
      (await staff.client.put(`/api/themes/${theme.theme_id}`, { theme_name: 'Mine' })).status,
    ).toBe(403);
    expect((await staff.client.post(`/api/themes/${theme.theme_id}/apply`)).status).toBe(403);
    expect((await staff.client.delete(`/api/themes/${theme.theme_id}`)).status).toBe(403);
    expect(await snapshot(server, ['theme_settings', 'app_settings'])).toEqual(before);
  });
});
