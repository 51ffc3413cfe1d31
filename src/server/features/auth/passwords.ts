// Password hashing with argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
import { randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { GENERATED_PASSWORD_DIGITS } from '#common/constants.ts';
import { concurrencyLimit } from '#server/lib/concurrency-limit.ts';

const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: a const enum, which type stripping cannot inline.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * One hash per core at a time. Each takes 19 MiB while it runs; a burst of sign-ins let every
 * thread of the pool allocate at once and the memory stayed with the process (RSS 466 MiB after
 * the sign-in bench). More at once would not finish sooner: the cores are the limit. Sign-ins
 * wait in line; none fails for it.
 */
const oneHashPerCore = concurrencyLimit(Math.max(1, availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return oneHashPerCore(() => hash(password, ARGON2_OPTIONS));
}

/**
 * A first password of a bulk import (docs/decisions/013): argon2id at 4 MiB and one pass, ~1 ms
 * instead of ~10 ms, so 5,000 accounts are made in seconds. What protects such a password is
 * not its hash: it is six digits (10^6 guesses break any hash of it offline), it must be changed
 * at the first sign-in and it expires unused after the center's first-password hours (72 unless
 * the 'Users' card says otherwise, 720 at most). The password a user chooses is always hashed
 * with the full options above; verify reads the options from the hash itself.
 */
const FIRST_PASSWORD_ARGON2_OPTIONS = {
  ...ARGON2_OPTIONS,
  memoryCost: 4_096,
  timeCost: 1,
} as const;

export function hashFirstPassword(password: string): Promise<string> {
  return oneHashPerCore(() => hash(password, FIRST_PASSWORD_ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneHashPerCore(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown keeps the reply time the same as for a wrong
// password, so timing does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash.then((h) => verifyPassword(h, password)).then(() => false);
}

/** The 6-digit password a new account gets (product.md §9), shown once to its creator. */
export function generateAccountPassword(): string {
  return String(randomInt(0, 10 ** GENERATED_PASSWORD_DIGITS)).padStart(
    GENERATED_PASSWORD_DIGITS,
    '0',
  );
}

/** A strong password for the first admin when none is configured. */
export function generateStrongPassword(): string {
  return randomBytes(12).toString('base64url');
}
