// The built web app's files on a slow network (issue 31 point 4): the build writes a brotli and a
// gzip form beside each text file (vite.config.ts); the server sends the one the browser accepts,
// with the file's own type, its year-long cache and `Vary: accept-encoding`, and the file itself
// to a browser that accepts neither or when no compressed form was written.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const script = `console.log(${JSON.stringify('Edu Center '.repeat(200))});\n`;
let webRoot: string;
let server: TestServer;

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-web-'));
  await fs.mkdir(path.join(webRoot, 'assets'));
  await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Edu</title>');
  await fs.writeFile(path.join(webRoot, 'assets', 'index-abc.js'), script);
  await fs.writeFile(path.join(webRoot, 'assets', 'index-abc.js.br'), brotliCompressSync(script));
  await fs.writeFile(path.join(webRoot, 'assets', 'index-abc.js.gz'), gzipSync(script));
  await fs.writeFile(path.join(webRoot, 'assets', 'small-abc.css'), 'body{margin:0}');
  server = await startTestServer({ overrides: { webRoot } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

const get = (file: string, acceptEncoding?: string) =>
  fetch(`${server.baseUrl}${file}`, {
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

test('a browser accepting brotli gets the brotli form, typed and cached as the file', async () => {
  const reply = await get('/assets/index-abc.js', 'gzip, deflate, br, zstd');
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-encoding')).toBe('br');
  expect(reply.headers.get('content-type')).toMatch(/^application\/javascript/);
  expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(reply.headers.get('vary')).toMatch(/accept-encoding/i);
  // fetch decodes what it accepted: the body is the script, sent in fewer bytes.
  expect(await reply.text()).toBe(script);
  const raw = await fs.readFile(path.join(webRoot, 'assets', 'index-abc.js.br'));
  expect(brotliDecompressSync(raw).toString()).toBe(script);
  expect(Number(reply.headers.get('content-length'))).toBe(raw.length);
});

test('a browser accepting only gzip gets the gzip form', async () => {
  const reply = await get('/assets/index-abc.js', 'gzip');
  expect(reply.headers.get('content-encoding')).toBe('gzip');
  const raw = await fs.readFile(path.join(webRoot, 'assets', 'index-abc.js.gz'));
  expect(Number(reply.headers.get('content-length'))).toBe(raw.length);
  expect(gunzipSync(raw).toString()).toBe(script);
  expect(await reply.text()).toBe(script);
});

test('a browser accepting neither, or a file without compressed forms, gets the file itself', async () => {
  const plain = await get('/assets/index-abc.js', 'identity');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(script));
  expect(await plain.text()).toBe(script);

  const small = await get('/assets/small-abc.css', 'gzip, br');
  expect(small.status).toBe(200);
  expect(small.headers.get('content-encoding')).toBeNull();
  expect(small.headers.get('content-type')).toMatch(/^text\/css/);
  expect(await small.text()).toBe('body{margin:0}');
});

test('the compressed forms are not pages of their own: the page route still gets index.html', async () => {
  const page = await get('/dashboard', 'gzip, br');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.headers.get('cache-control')).toBe('no-cache');
  expect(await page.text()).toContain('<title>Edu</title>');
});
