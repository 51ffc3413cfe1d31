import { expect, test } from 'vitest';
import { isPublicHttpsOrigin } from '#server/features/calendar/public-address.ts';

test.each([
  'https://edu.example.com',
  'https://lich.trungtam.vn:8443',
  'https://203.0.113.7',
  'https://[2001:db8::1]',
])('%s is an address calendar apps can fetch', (origin) => {
  expect(isPublicHttpsOrigin(origin)).toBe(true);
});

test.each([
  'http://edu.example.com',
  'https://localhost:3000',
  'http://127.0.0.1:3000',
  'https://127.0.0.1',
  'https://192.168.1.20',
  'https://10.0.0.5',
  'https://172.20.0.2',
  'https://[::1]:3000',
  'https://[fd00::5]',
  'https://edu-server',
  'https://edu.local',
  'https://app.localhost',
  'not a url',
])('%s is not', (origin) => {
  expect(isPublicHttpsOrigin(origin)).toBe(false);
});
