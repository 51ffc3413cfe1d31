import { expect, test } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

const limits = { maxFailuresPerEmail: 3, maxFailuresPerIp: 5, windowMs: 60_000 };

test('failures for one email delay, then lock, then expire with the window', () => {
  const throttle = new LoginThrottle(limits);
  const t0 = 1_000_000;
  expect(throttle.retryAfterSeconds('a@b.cc', '1.1.1.1', t0)).toBe(0);
  for (let i = 0; i < 3; i++) throttle.recordFailure('a@b.cc', '1.1.1.1', t0 + i);
  expect(throttle.delayMs('a@b.cc', t0 + 3)).toBe(250);
  expect(throttle.retryAfterSeconds('a@b.cc', '1.1.1.1', t0 + 10)).toBe(60);
  expect(throttle.retryAfterSeconds('other@b.cc', '2.2.2.2', t0 + 10)).toBe(0);
  expect(throttle.retryAfterSeconds('a@b.cc', '1.1.1.1', t0 + 60_001)).toBe(0);
});

test('one address guessing many emails is locked too', () => {
  const throttle = new LoginThrottle(limits);
  for (let i = 0; i < 5; i++) throttle.recordFailure(`u${i}@b.cc`, '9.9.9.9', i);
  expect(throttle.retryAfterSeconds('fresh@b.cc', '9.9.9.9', 10)).toBeGreaterThan(0);
});

test('a success clears the email counter', () => {
  const throttle = new LoginThrottle(limits);
  for (let i = 0; i < 3; i++) throttle.recordFailure('a@b.cc', '1.1.1.1', i);
  throttle.recordSuccess('a@b.cc');
  expect(throttle.retryAfterSeconds('a@b.cc', '3.3.3.3', 10)).toBe(0);
});
