// What the meeting page needs from the server (product.md §2 Meeting page, docs/zoom.md, the meeting page):
// where the SDK loads from, the SDK's files served from the installed package, the page's own
// Content Security Policy, and the hosting account for the joining overlay.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installedWebSdk } from '#server/features/providers/zoom/web-sdk.ts';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount } from '../helpers/factories.ts';
import { createClass, createLesson, enrol } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';
import { startZoomSchool, type ZoomServer } from '../helpers/zoom-school.ts';

const clock = new TestClock(Date.parse('2030-04-10T02:00:00Z'));
let school: ZoomServer;
let server: TestServer;
let webRoot: string;
let admin: TestClient;
let teacher: Account;
let student: Account;
let outsider: Account;
let classId: string;

const sdk = installedWebSdk();

beforeAll(async () => {
  // A stand-in for the built web app: only the /meeting route's headers are under test here.
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-web-'));
  await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Edu</title>');
  school = await startZoomSchool({ cast: false, users: 2, clock, overrides: { webRoot } });
  ({ server, admin } = school);
  teacher = await createAccount(server, admin, 'teacher');
  student = await createAccount(server, admin, 'student');
  outsider = await createAccount(server, admin, 'student');
  classId = (await createClass(admin, teacher.user.user_id)).class_id;
  await enrol(admin, classId, [student.user.user_id]);
});
afterAll(async () => {
  await school.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

describe('the Web Meeting SDK', () => {
  test('the @zoom/meetingsdk package is installed with its Client View bundle', () => {
    expect(sdk?.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test('signed-in users learn where to load it from: our server, vendor scripts first, ZoomMtg last', async () => {
    expect((await server.client().get('/api/zoom/web-sdk')).status).toBe(401);
    const reply = await student.client.get('/api/zoom/web-sdk');
    expect(reply.status).toBe(200);
    const base = `/zoom-sdk/${sdk!.version}`;
    expect(reply.body).toEqual({
      version: sdk!.version,
      libUrl: `${base}/lib`,
      scripts: [
        `${base}/lib/vendor/react.min.js`,
        `${base}/lib/vendor/react-dom.min.js`,
        `${base}/lib/vendor/redux.min.js`,
        `${base}/lib/vendor/redux-thunk.min.js`,
        `${base}/lib/vendor/react-redux.min.js`,
        `${base}/lib/vendor/lodash.min.js`,
        `${base}/zoom-meeting-${sdk!.version}.min.js`,
      ],
    });
  });

  test('every script, the WebAssembly, language and UI files are served from the package', async () => {
    const { scripts, libUrl } = (await student.client.get('/api/zoom/web-sdk')).body as {
      scripts: string[];
      libUrl: string;
    };
    for (const script of scripts) {
      const response = await fetch(server.baseUrl + script);
      expect(response.status, script).toBe(200);
      expect(response.headers.get('content-type'), script).toMatch(/javascript/);
      expect(response.headers.get('cache-control'), script).toContain('immutable');
      await response.arrayBuffer();
    }
    // The SDK starts workers from these files inside the isolated meeting page: each carries the
    // page's embedder policy, or the browser would refuse to run it.
    const worker = await fetch(`${server.baseUrl}${libUrl}/av/vb_worker.min.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(worker.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    await worker.arrayBuffer();
    const main = await (await fetch(server.baseUrl + scripts.at(-1)!)).text();
    expect(main).toContain('window.ZoomMtg=');

    const wasm = await fetch(`${server.baseUrl}${libUrl}/av/audio.simd.wasm`);
    expect(wasm.status).toBe(200);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    await wasm.arrayBuffer();
    const lang = await fetch(`${server.baseUrl}${libUrl}/lang/en-US.json`);
    expect(lang.status).toBe(200);
    await lang.arrayBuffer();
    // setZoomJSLib('{base}/lib') looks for the UI chunks beside lib/, where the package has them.
    const uiFile = (await fs.readdir(path.join(sdk!.distDir, 'ui'))).find((f) =>
      f.endsWith('.css'),
    );
    const ui = await fetch(`${server.baseUrl}/zoom-sdk/${sdk!.version}/ui/${uiFile}`);
    expect(ui.status).toBe(200);
    await ui.arrayBuffer();

    expect(
      (await fetch(`${server.baseUrl}/zoom-sdk/${sdk!.version}/%2e%2e/package.json`)).status,
    ).toBe(404);
    expect((await fetch(`${server.baseUrl}/zoom-sdk/0.0.1/lib/vendor/react.min.js`)).status).toBe(
      404,
    );
  });

  test('/meeting gets a policy that lets the SDK run; other pages keep the strict one', async () => {
    const meeting = await fetch(`${server.baseUrl}/meeting?meetingId=1`);
    expect(meeting.status).toBe(200);
    const policy = meeting.headers.get('content-security-policy')!;
    expect(policy).toContain("'wasm-unsafe-eval'");
    expect(policy).toMatch(/worker-src 'self' blob:/);
    expect(policy).toContain('wss://*.zoom.us');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    // Cross-origin isolated, for SharedArrayBuffer (gallery view).
    expect(meeting.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(meeting.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    await meeting.text();

    const dashboard = await fetch(`${server.baseUrl}/dashboard`);
    const strict = dashboard.headers.get('content-security-policy')!;
    expect(strict).toContain("script-src 'self'");
    expect(strict).not.toContain('unsafe-eval');
    expect(strict).not.toContain('zoom.us');
    // Only the meeting page needs isolation: elsewhere it would only block what a page embeds.
    expect(dashboard.headers.get('cross-origin-embedder-policy')).toBeNull();
    await dashboard.text();
  });
});

describe('the web app page', () => {
  test('/, page routes and /meeting answer index.html with its validators; an unchanged page is a 304; a new build is served', async () => {
    // index.html, then the first screen's data block (web-boot.ts; tests/api/web-boot.test.ts),
    // validated by its content: the file and the data the same, the same ETag.
    const first = await fetch(`${server.baseUrl}/`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const html = await first.text();
    expect(html.startsWith('<!doctype html><title>Edu</title>')).toBe(true);
    expect(html).toContain('<script type="application/json" id="edu-boot">');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    for (const page of ['/classes', '/meeting?meetingId=1']) {
      const response = await fetch(server.baseUrl + page);
      expect(response.headers.get('etag'), page).toBe(etag);
      expect(await response.text(), page).toBe(html);
    }
    const unchanged = await fetch(`${server.baseUrl}/`, { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    // A new build replaces the file: served within a second, without a restart.
    const stat = await fs.stat(path.join(webRoot, 'index.html'));
    await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Edu 2</title>');
    const later = new Date(stat.mtime.getTime() + 5_000);
    await fs.utimes(path.join(webRoot, 'index.html'), later, later);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const rebuilt = await fetch(`${server.baseUrl}/dashboard`);
    expect((await rebuilt.text()).startsWith('<!doctype html><title>Edu 2</title>')).toBe(true);
    expect(rebuilt.headers.get('etag')).not.toBe(etag);
    await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Edu</title>');
  });
});

describe("the lesson's hosting account, for the joining overlay", () => {
  test('who can see the lesson sees its account; others 403; signed out 401', async () => {
    const lesson = await createLesson(admin, classId, '2030-04-10T02:30:00Z');
    const none = await teacher.client.get(`/api/schedules/${lesson.schedule_id}/zoom-account`);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('ZOOM_ACCOUNT_NOT_FOUND');

    const started = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
    expect(started.status, started.text).toBe(200);
    for (const viewer of [teacher.client, student.client, admin]) {
      const reply = await viewer.get(`/api/schedules/${lesson.schedule_id}/zoom-account`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        zoom_account_id: started.body.launch.zoomAccountId,
        email: started.body.launch.account.email,
        is_busy: true,
        is_active: true,
      });
    }
    expect(
      (await outsider.client.get(`/api/schedules/${lesson.schedule_id}/zoom-account`)).status,
    ).toBe(403);
    expect(
      (await server.client().get(`/api/schedules/${lesson.schedule_id}/zoom-account`)).status,
    ).toBe(401);
  });
});
