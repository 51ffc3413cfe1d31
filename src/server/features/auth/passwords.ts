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
