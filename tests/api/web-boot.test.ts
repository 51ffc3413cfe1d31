// The web app's HTML with its first screen's data (issue 31 point 4, src/server/plugins/
// web-boot.ts): the answers the page would ask for first, read through the API as the visitor,
// in a JSON block nothing can break out of; the signed-in page's scripts and styles named so the
// browser fetches them with the entry; a visitor's own HTML never stored.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BOOT_ELEMENT_ID, type BootData } from '#common/boot-data.ts';
import { type Account, createAccount } from '../helpers/factories.ts';
import { createParent } from '../helpers/family.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>Edu</title>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** A build's manifest: the entry, the layout, the texts, two pages and the chunks they share. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'app/layout/main-layout.tsx': {
    file: 'assets/main-layout-abc.js',
    isDynamicEntry: true,
    imports: ['index.html', '_mantine.js'],
    css: ['assets/main-layout-abc.css'],
  },
  '_mantine.js': { file: 'assets/mantine.js', imports: ['_react.js'] },
  'i18n/after-sign-in.ts': { file: 'assets/after-sign-in-abc.js', isDynamicEntry: true },
  'features/dashboard/dashboard-page.tsx': {
    file: 'assets/dashboard-page-abc.js',
    isDynamicEntry: true,
    imports: ['_mantine.js', '_dates.js'],
    css: ['assets/dashboard-page-abc.css'],
  },
  'features/tuition/tuition-page.tsx': {
    file: 'assets/tuition-page-abc.js',
    isDynamicEntry: true,
    imports: ['_mantine.js', '_money.js'],
  },
  '_dates.js': { file: 'assets/dates.js' },
  '_money.js': { file: 'assets/money.js' },
};

let webRoot: string;
let server: TestServer;
let admin: TestClient;
let student: Account;
let parent: Account;

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-web-boot-'));
  await fs.mkdir(path.join(webRoot, '.vite'), { recursive: true });
  await fs.writeFile(path.join(webRoot, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  server = await startTestServer({ overrides: { webRoot } });
  admin = await server.admin();
  // A name that would close the data block if it were written into the HTML as it is.
  student = await createAccount(server, admin, 'student', {
    full_name: 'Lan </script><script>alert(1)</script> <!-- Anh',
  });
  parent = await createParent(server, admin, [student], 'Phụ huynh Lan');
});
afterAll(async () => {
  await server.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

/** The page as a browser gets it, with the data block read back. */
async function openPage(
  pagePath: string,
  client?: TestClient,
  headers: Record<string, string> = {},
) {
  const reply = await fetch(`${server.baseUrl}${pagePath}`, {
    headers: { ...(client?.cookie ? { cookie: client.cookie } : {}), ...headers },
  });
  const html = await reply.text();
  const block = html.match(
    new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">(.*?)</script>`, 's'),
  );
  const boot = block ? (JSON.parse(block[1]!) as BootData) : undefined;
  const links = [
    ...html.matchAll(/<link rel="(modulepreload|preload" as="style)" crossorigin href="([^"]+)">/g),
  ].map((match) => `${match[1]!.replace('preload" as="style', 'style')} ${match[2]}`);
  return { reply, html, boot, links };
}

test('a signed-out visitor gets the theme and the center settings as the API answers them, no session, no page scripts', async () => {
  const page = await openPage('/login');
  expect(page.reply.status).toBe(200);
  expect(page.reply.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.html).toContain('<title>Edu</title>');
  const theme = await server.client().get('/api/themes/active');
  const settings = await server.client().get('/api/center-settings');
  expect(page.boot?.answers).toEqual({
    '/themes/active': { status: 200, body: theme.body },
    '/center-settings': { status: 200, body: settings.body },
  });
  expect(page.links).toEqual([]);
});

test('the public page is revalidated by its content: the same data answer 304, changed data a new ETag', async () => {
  const first = await openPage('/login');
  expect(first.reply.headers.get('cache-control')).toBe('no-cache');
  const etag = first.reply.headers.get('etag')!;
  expect(etag).toMatch(/^W\/"/);
  const again = await fetch(`${server.baseUrl}/login`, { headers: { 'if-none-match': etag } });
  expect(again.status).toBe(304);

  const renamed = await admin.patch('/api/center-settings', { center_name: 'Trung tâm Ánh Dương' });
  expect(renamed.status).toBe(200);
  const after = await openPage('/login', undefined, { 'if-none-match': etag });
  expect(after.reply.status).toBe(200);
  expect(after.reply.headers.get('etag')).not.toBe(etag);
  const settings = after.boot!.answers['/center-settings']!.body as { center_name: string };
  expect(settings.center_name).toBe('Trung tâm Ánh Dương');
});

test("a signed-in student's dashboard carries their session, the bell's and the page's data, and the layout's and page's files", async () => {
  const page = await openPage('/dashboard', student.client);
  expect(page.reply.status).toBe(200);
  // Their own data: never kept by the browser or a proxy, never shared between cookies.
  expect(page.reply.headers.get('cache-control')).toBe('no-store');
  expect(page.reply.headers.get('etag')).toBeNull();
  expect(page.reply.headers.get('vary')).toMatch(/cookie/);

  const answers = page.boot!.answers;
  const expected = async (apiPath: string) => {
    const reply = await student.client.get(`/api${apiPath}`);
    return { status: reply.status, body: reply.body };
  };
  expect(answers['/auth/session']).toEqual(await expected('/auth/session'));
  expect((answers['/auth/session']!.body as { user: { user_id: string } }).user.user_id).toBe(
    student.user.user_id,
  );
  expect(answers['/notifications']).toEqual(await expected('/notifications'));
  expect(answers['/dashboard']).toEqual(await expected('/dashboard'));
  // A parent's read is not made for a student.
  expect(answers['/family/children']).toBeUndefined();

  // The layout's, the texts' and the page's chunks and what they import, each once; not the
  // entry's (index.html names it already).
  expect(page.links.sort()).toEqual(
    [
      'style /assets/main-layout-abc.css',
      'style /assets/dashboard-page-abc.css',
      'modulepreload /assets/main-layout-abc.js',
      'modulepreload /assets/mantine.js',
      'modulepreload /assets/after-sign-in-abc.js',
      'modulepreload /assets/dashboard-page-abc.js',
      'modulepreload /assets/dates.js',
    ].sort(),
  );
});

test('a name that holds </script> stays inside the data block, and reads back unchanged', async () => {
  const page = await openPage('/dashboard', student.client);
  expect(page.html).not.toContain('<script>alert(1)</script>');
  expect(page.html.match(/<\/script>/g)).toHaveLength(2);
  const session = page.boot!.answers['/auth/session']!.body as { user: { full_name: string } };
  expect(session.user.full_name).toBe('Lan </script><script>alert(1)</script> <!-- Anh');
});

test("a parent's dashboard also carries their children; another page its own files", async () => {
  const dashboard = await openPage('/dashboard', parent.client);
  const children = await parent.client.get('/api/family/children');
  expect(children.status).toBe(200);
  expect(dashboard.boot!.answers['/family/children']).toEqual({ status: 200, body: children.body });

  const tuition = await openPage('/tuition/', admin);
  expect(tuition.links).toContain('modulepreload /assets/tuition-page-abc.js');
  expect(tuition.links).toContain('modulepreload /assets/money.js');
  expect(tuition.links).not.toContain('modulepreload /assets/dashboard-page-abc.js');
});

test('an ended session gets its refusal (the page goes to sign-in at once) and nothing of a page', async () => {
  const page = await openPage('/dashboard', undefined, { cookie: 'edu_session=not-a-session' });
  expect(page.boot!.answers['/auth/session']?.status).toBe(401);
  expect(page.boot!.answers['/dashboard']).toBeUndefined();
  expect(page.boot!.answers['/notifications']).toBeUndefined();
  expect(page.links).toEqual([]);
  expect(page.reply.headers.get('cache-control')).toBe('no-store');
});

test('the HTML is compressed for a browser that accepts it', async () => {
  for (const encoding of ['br', 'gzip']) {
    const reply = await fetch(`${server.baseUrl}/dashboard`, {
      headers: { cookie: student.client.cookie!, 'accept-encoding': encoding },
    });
    expect(reply.headers.get('content-encoding')).toBe(encoding);
    expect(await reply.text()).toContain(`id="${BOOT_ELEMENT_ID}"`);
  }
  const publicPage = await fetch(`${server.baseUrl}/login`, {
    headers: { 'accept-encoding': 'br' },
  });
  expect(publicPage.headers.get('content-encoding')).toBe('br');
  expect(publicPage.headers.get('vary')).toMatch(/accept-encoding/);
});
