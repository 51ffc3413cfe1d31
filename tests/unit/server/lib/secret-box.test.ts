// The secret box (docs/decisions/024): AES-256-GCM under the server's key, bound to the name of
// what it seals; the data folder's key is generated once, for its owner only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import {
  openSecretBox,
  parseSecretsKey,
  SECRETS_KEY_FILE,
  SecretUnreadable,
} from '#server/lib/secret-box.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-secret-box-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test('a sealed value opens under the same key and name only, and never shows the plain text', () => {
  const box = openSecretBox({ key: Buffer.alloc(32, 7), dataDir: tempDir() });
  const sealed = box.seal('zoom.client_secret', 'very-secret-value');
  expect(sealed).not.toContain('very-secret-value');
  expect(sealed).not.toBe(box.seal('zoom.client_secret', 'very-secret-value'));
  expect(box.open('zoom.client_secret', sealed)).toBe('very-secret-value');
  // Moved to another field, altered, or under another key: unreadable.
  expect(() => box.open('zoom.sdk_secret', sealed)).toThrow(SecretUnreadable);
  const bytes = Buffer.from(sealed.slice('v1:'.length), 'base64url');
  bytes[bytes.length - 1]! ^= 1;
  const altered = `v1:${bytes.toString('base64url')}`;
  expect(() => box.open('zoom.client_secret', altered)).toThrow(SecretUnreadable);
  const other = openSecretBox({ key: Buffer.alloc(32, 8), dataDir: tempDir() });
  expect(() => other.open('zoom.client_secret', sealed)).toThrow(SecretUnreadable);
});

test("without SECRETS_KEY the data folder's key is made by the first seal, mode 0600, and kept", () => {
  const dataDir = tempDir();
  const box = openSecretBox({ key: undefined, dataDir });
  expect(fs.existsSync(path.join(dataDir, SECRETS_KEY_FILE))).toBe(false);
  const sealed = box.seal('name', 'value');
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  // A restart (a new box on the same folder) reads the same key.
  expect(openSecretBox({ key: undefined, dataDir }).open('name', sealed)).toBe('value');
});

test('SECRETS_KEY is 32 bytes in hex or base64, nothing else', () => {
  expect(parseSecretsKey('ab'.repeat(32))).toHaveLength(32);
  expect(parseSecretsKey(Buffer.alloc(32, 1).toString('base64'))).toHaveLength(32);
  expect(parseSecretsKey('ab'.repeat(16))).toBeUndefined();
  expect(parseSecretsKey('not a key')).toBeUndefined();
});
