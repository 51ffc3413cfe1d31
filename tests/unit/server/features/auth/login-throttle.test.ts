import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { LoginThrottle } from '#server/features/auth/login-throttle.ts';
import { createTestDatabase, type TestDatabase } from '../../../../helpers/database.ts';

const limits = {
  maxFailuresPerPair: 3,
  maxFailuresPerEmailPerDay: 6,
  maxFailuresPerIp: 5,
  windowMs: 60_000,
};
let database: TestDatabase;
let handle: ReturnType<typeof openDatabase>;
let throttle: LoginThrottle;
const t0 = Date.parse('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(t0 + ms);

beforeEach(async () => {
  database = await createTestDatabase('sqlite');
  handle = openDatabase({ dataDir: database.dataDir, databaseUrl: undefined, poolSize: 1 });
  await migrateToLatest(handle);
  throttle = new LoginThrottle(handle.db, handle.dialect, limits);
});
afterEach(async () => {
  await handle.close();
  await database.drop();
});

async function fail(email: string, ip: string, ms: number) {
  const r = await throttle.reserve(email, ip, at(ms));
  if (r.allowed) await throttle.settle(r, email, ip, false, at(ms));
  return r;
}

test('one email from one address: refused after the limit, until the window passes', async () => {
  for (let i = 0; i < 3; i++) expect((await fail('a@b.cc', '1.1.1.1', i)).allowed).toBe(true);
  expect(await throttle.reserve('a@b.cc', '1.1.1.1', at(10))).toEqual({
    allowed: false,
    retryAfterSeconds: 60,
  });
  // Another address for the same email is not locked out.
  expect((await throttle.reserve('a@b.cc', '2.2.2.2', at(10))).allowed).toBe(true);
  expect((await throttle.reserve('a@b.cc', '1.1.1.1', at(60_001))).allowed).toBe(true);
});

test('guesses spread over addresses are slowed, then capped per day; the owner is not', async () => {
  // The owner signed in from home once.
  const home = await throttle.reserve('a@b.cc', '9.9.9.9', at(0));
  if (home.allowed) await throttle.settle(home, 'a@b.cc', '9.9.9.9', true, at(0));
  const delays: number[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await fail('a@b.cc', `10.0.0.${i}`, 1000 + i);
    delays.push(r.allowed ? r.delayMs : -1);
  }
  expect(delays).toEqual([0, 0, 0, 250, 500, 1000]);
  expect((await throttle.reserve('a@b.cc', '10.0.0.99', at(2000))).allowed).toBe(false);
  // From home: neither refused nor slowed.
  expect(await throttle.reserve('a@b.cc', '9.9.9.9', at(2000))).toMatchObject({
    allowed: true,
    delayMs: 0,
  });
});

test('one address guessing many emails is refused, but not for an email that signs in there', async () => {
  const ok = await throttle.reserve('own@b.cc', '7.7.7.7', at(0));
  if (ok.allowed) await throttle.settle(ok, 'own@b.cc', '7.7.7.7', true, at(0));
  for (let i = 0; i < 5; i++) await fail(`u${i}@b.cc`, '7.7.7.7', 10 + i);
  expect((await throttle.reserve('fresh@b.cc', '7.7.7.7', at(100))).allowed).toBe(false);
  expect((await throttle.reserve('own@b.cc', '7.7.7.7', at(100))).allowed).toBe(true);
});

test('the right password clears the failures of that address', async () => {
  for (let i = 0; i < 2; i++) await fail('a@b.cc', '1.1.1.1', i);
  const r = await throttle.reserve('a@b.cc', '1.1.1.1', at(5));
  if (r.allowed) await throttle.settle(r, 'a@b.cc', '1.1.1.1', true, at(5));
  for (let i = 0; i < 2; i++) expect((await fail('a@b.cc', '1.1.1.1', 10 + i)).allowed).toBe(true);
});
