// Uploaded files in each store (the DATA_DIR folder and the stored_files table), on the database
// the suite runs on: saved, served back byte for byte with their type and headers, replaced,
// refused outside the names the server gives.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { type Account, createAccount } from '../helpers/factories.ts';
import { GIF_1x1, JPEG_1x1, PNG_1x1, WEBP_1x1 } from '../helpers/images.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

const STORES = ['local', 'database'] as const;

/** A GET sent as written: fetch would resolve '..' before sending it. */
function rawGet(baseUrl: string, requestPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(baseUrl), { path: requestPath }, (response) => {
        let body = '';
        response.setEncoding('latin1');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

async function fetchFile(server: TestServer, url: string) {
  const response = await fetch(server.baseUrl + url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe.each(STORES)('uploaded files in the %s store', (store) => {
  let server: TestServer;
  let admin: TestClient;
  let student: Account;

  beforeAll(async () => {
    server = await startTestServer({ env: { FILE_STORAGE: store } });
    admin = await server.admin();
    student = await createAccount(server, admin, 'student');
  });
  afterAll(() => server.close());

  const uploadLogo = async (bytes: Buffer) => {
    const response = await admin.upload('/api/center-settings/logo', {
      bytes,
      name: 'logo.bin',
      type: 'application/octet-stream',
    });
    expect(response.status, response.text).toBe(200);
    return response.body.settings.logo_url as string;
  };
  const uploadAvatar = async (bytes: Buffer) => {
    const response = await student.client.upload('/api/profile/avatar', {
      bytes,
      name: 'me.bin',
      type: 'application/octet-stream',
    });
    expect(response.status, response.text).toBe(200);
    return response.body.user.avatar_url as string;
  };

  /** Where the store keeps a URL's bytes, looked at behind the server's back. */
  const storedBytes = async (url: string): Promise<Buffer | null> => {
    const relativePath = url.slice('/files/'.length);
    if (store === 'local') {
      return fs.readFile(path.join(server.config.dataDir, 'files', relativePath)).catch(() => null);
    }
    const row = await server.server.ctx.database.db
      .selectFrom('stored_files')
      .select('bytes')
      .where('path', '=', relativePath)
      .executeTakeFirst();
    return row ? Buffer.from(row.bytes) : null;
  };

  test('the server uses the store the setting names', () => {
    expect(server.server.ctx.files.kind).toBe(store);
  });

  test.each([
    ['PNG', PNG_1x1, 'image/png'],
    ['GIF', GIF_1x1, 'image/gif'],
  ])('a %s logo is read back byte for byte with its type and headers', async (_l, bytes, type) => {
    const url = await uploadLogo(bytes);
    expect(await storedBytes(url)).toEqual(bytes);
    const { response, bytes: body } = await fetchFile(server, url);
    expect(response.status).toBe(200);
    expect(body).toEqual(bytes);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('etag')).toMatch(
      new RegExp(`^W/"${bytes.length.toString(16)}-[0-9a-f]+"$`),
    );
    expect(response.headers.get('last-modified')).toBeTruthy();
  });

  test.each([
    ['JPEG', JPEG_1x1, 'image/jpeg'],
    ['WebP', WEBP_1x1, 'image/webp'],
  ])('a %s avatar is read back byte for byte with its type', async (_l, bytes, type) => {
    const url = await uploadAvatar(bytes);
    const { response, bytes: body } = await fetchFile(server, url);
    expect(response.status).toBe(200);
    expect(body).toEqual(bytes);
    expect(response.headers.get('content-type')).toBe(type);
  });

  test('a new logo replaces the old one: the old URL answers 404, its bytes are gone', async () => {
    const old = await uploadLogo(PNG_1x1);
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later timestamp, a new name
    const replacement = await uploadLogo(GIF_1x1);
    expect(replacement).not.toBe(old);
    expect((await fetchFile(server, old)).response.status).toBe(404);
    expect(await storedBytes(old)).toBeNull();
    expect((await fetchFile(server, replacement)).bytes).toEqual(GIF_1x1);
  });

  test('a new avatar replaces the old one: the old URL answers 404, its bytes are gone', async () => {
    const old = await uploadAvatar(PNG_1x1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const replacement = await uploadAvatar(JPEG_1x1);
    expect((await fetchFile(server, old)).response.status).toBe(404);
    expect(await storedBytes(old)).toBeNull();
    expect((await fetchFile(server, replacement)).bytes).toEqual(JPEG_1x1);
  });

  test('HEAD and a byte range answer as a static file would', async () => {
    const url = await uploadLogo(PNG_1x1);
    const head = await fetch(server.baseUrl + url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PNG_1x1.length));
    const part = await fetch(server.baseUrl + url, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${PNG_1x1.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(PNG_1x1.subarray(0, 10));
    const beyond = await fetch(server.baseUrl + url, { headers: { range: 'bytes=500-' } });
    expect(beyond.status).toBe(416);
  });

  test('the file route stays out of the API document', async () => {
    const document = (await server.client().get('/api/docs/json')).body;
    expect(Object.keys(document.paths).filter((p) => p.startsWith('/files'))).toEqual([]);
  });

  test('unknown files answer 404 with the not-found code', async () => {
    for (const url of [
      '/files/logos/logo-1.png',
      `/files/avatars/${student.user.auth_id}/avatar-1.jpg`,
      '/files/logos/',
      '/files/',
      '/files/logo.html',
      '/files/logos/.hidden.png',
    ]) {
      const response = await server.client().get(url);
      expect(response.status, url).toBe(404);
      expect(response.body.code, url).toBe('ROUTE_NOT_FOUND');
    }
  });

  test('paths that climb out of the store are refused, whatever their spelling', async () => {
    // A file beside the store, named like an image, that a climbing path would reach.
    await fs.writeFile(path.join(server.config.dataDir, 'secret.png'), 'not for the web');
    await fs.mkdir(path.join(server.config.dataDir, 'files'), { recursive: true });
    for (const url of [
      '/files/../secret.png',
      '/files/%2e%2e/secret.png',
      '/files/..%2fsecret.png',
      '/files/logos/..%2F..%2Fsecret.png',
      '/files/%2E%2E%5Csecret.png',
      '/files/logos/%00.png',
      '/files//etc/passwd',
      '/files/../edu-center.sqlite',
    ]) {
      const response = await rawGet(server.baseUrl, url);
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(response.status, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('not for the web');
    }
  });
});

test('the database store takes over the files still pointed at, so their URLs keep working', async () => {
  const before = await startTestServer({ env: { FILE_STORAGE: 'local' } });
  const { database } = before;
  const start = (store: 'local' | 'database') =>
    startTestServer({ database, env: { FILE_STORAGE: store } });
  const logoOf = async (server: TestServer, bytes: Buffer) => {
    const admin = await server.admin();
    const response = await admin.upload('/api/center-settings/logo', {
      bytes,
      name: 'logo.bin',
      type: 'image/png',
    });
    return response.body.settings.logo_url as string;
  };
  const status = async (server: TestServer, url: string) =>
    (await fetch(server.baseUrl + url)).status;
  try {
    const student = await createAccount(before, await before.admin(), 'student');
    const avatar = (
      await student.client.upload('/api/profile/avatar', {
        bytes: JPEG_1x1,
        name: 'me.jpg',
        type: 'image/jpeg',
      })
    ).body.user.avatar_url as string;
    const oldLogo = await logoOf(before, PNG_1x1);
    // A file in the folder that nothing points at stays out of the table.
    await fs.writeFile(path.join(database.dataDir, 'files', 'logos', 'logo-1.png'), PNG_1x1);
    await before.server.close();

    const switched = await start('database');
    expect(switched.server.ctx.files.kind).toBe('database');
    expect((await fetchFile(switched, oldLogo)).bytes).toEqual(PNG_1x1);
    expect((await fetchFile(switched, avatar)).bytes).toEqual(JPEG_1x1);
    expect(await status(switched, '/files/logos/logo-1.png')).toBe(404);
    // Replaced in the table; the folder still has the old file, which must not come back.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newLogo = await logoOf(switched, GIF_1x1);
    await switched.server.close();

    const restarted = await start('database');
    expect(await status(restarted, oldLogo)).toBe(404);
    expect(await status(restarted, newLogo)).toBe(200);
    await restarted.server.close();
  } finally {
    await database.drop();
  }
});

describe('choosing the store', () => {
  test('the folder on SQLite, the database on PostgreSQL, FILE_STORAGE over both', () => {
    const postgres = 'postgres://u@127.0.0.1:5432/edu';
    expect(loadConfig({}).fileStorage).toBe('local');
    expect(loadConfig({ DATABASE_URL: postgres }).fileStorage).toBe('database');
    expect(loadConfig({ DATABASE_URL: postgres, FILE_STORAGE: 'local' }).fileStorage).toBe('local');
    expect(loadConfig({ FILE_STORAGE: 'database' }).fileStorage).toBe('database');
    expect(() => loadConfig({ FILE_STORAGE: 'cloud' })).toThrow(/\bFILE_STORAGE\b/);
  });
});
