import { expect, test } from 'vitest';
import { contentTypeOfPath, isStoredFilePath } from '#server/features/files/storage.ts';
import { byteRange } from '#server/plugins/uploaded-files.ts';

test('only names the server gives are stored or served', () => {
  for (const good of [
    'logos/logo-1732451234567.png',
    'logos/logo-1.gif',
    'avatars/6f1c2a9e-3b7d-4e55-9a0b-2c1d3e4f5a6b/avatar-1732451234567.jpg',
    'avatars/x/avatar-1.webp',
  ]) {
    expect(isStoredFilePath(good), good).toBe(true);
  }
  for (const bad of [
    '',
    '../edu-center.sqlite',
    '../secret.png',
    'logos/../../secret.png',
    'logos/./logo.png',
    '/etc/passwd.png',
    'logos//logo.png',
    'logos\\..\\secret.png',
    '.hidden.png',
    'logos/.png',
    'logos/logo.png/',
    'logos/logo.svg',
    'logos/logo.html',
    'logos/logo.PNG',
    'logos/logo.png\u0000.jpg',
    'logos/logo%2e.png',
    'logos/logo.tar.png',
    `${'a/'.repeat(5)}logo.png`,
    `logos/${'a'.repeat(200)}.png`,
  ]) {
    expect(isStoredFilePath(bad), bad).toBe(false);
  }
});

test.each([
  ['jpg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
  ['gif', 'image/gif'],
])('a stored .%s file is served as %s', (extension, type) => {
  expect(contentTypeOfPath(`logos/logo-1.${extension}`)).toBe(type);
});

test('byte ranges: one range or the whole file, as a static file server answers', () => {
  expect(byteRange(undefined, 70)).toBeNull();
  expect(byteRange('bytes=0-9', 70)).toEqual({ start: 0, end: 9 });
  expect(byteRange('bytes=60-', 70)).toEqual({ start: 60, end: 69 });
  expect(byteRange('bytes=60-500', 70)).toEqual({ start: 60, end: 69 });
  expect(byteRange('bytes=-10', 70)).toEqual({ start: 60, end: 69 });
  expect(byteRange('bytes=-500', 70)).toEqual({ start: 0, end: 69 });
  expect(byteRange('bytes=70-', 70)).toBe('unsatisfiable');
  expect(byteRange('bytes=-0', 70)).toBe('unsatisfiable');
  // Backwards, several ranges, other units or nonsense: the whole file.
  for (const header of ['bytes=9-5', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=a-b']) {
    expect(byteRange(header, 70), header).toBeNull();
  }
});
