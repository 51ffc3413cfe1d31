// Password hashing with argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { GENERATED_PASSWORD_DIGITS } from '#common/constants.ts';

const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: a const enum, which type stripping cannot inline.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
