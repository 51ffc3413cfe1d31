// Signing in (product.md §5): the attempt is counted before the password is checked, a wrong
// email costs as much as a wrong password, and a first password is good for as long as the
// center's 'Users' card says (72 hours unless changed).
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '#server/context.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { readCenterSettings } from '#server/features/center-settings/index.ts';
import { toUserDto } from '#server/features/users/index.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { createSession, pruneExpiredSessions, type SessionUser } from './sessions.ts';

export interface SignedIn {
  token: string;
  expiresAt: Date;
  user: SessionUser;
}

export async function signIn(
  ctx: AppContext,
  throttle: LoginThrottle,
  attempt: { email: string; password: string; address: string; userAgent: string | null },
): Promise<SignedIn> {
  const { db } = ctx.database;
  const { email, password, address } = attempt;
  const now = ctx.clock.now();
  // Counted before the password is checked: concurrent guesses cannot all slip under the limit,
  // and a refused one costs no password check.
  const reservation = await throttle.reserve(email, address, now);
  if (!reservation.allowed) {
    throw new AppError('RATE_LIMITED', {
      headers: { 'retry-after': String(reservation.retryAfterSeconds) },
    });
  }
  if (reservation.delayMs > 0) await sleep(reservation.delayMs);

  const account = await db
    .selectFrom('users')
    .innerJoin('auth_credentials', 'auth_credentials.auth_id', 'users.auth_id')
    .select([
      'users.auth_id',
      'users.is_active',
      'auth_credentials.password_hash',
      'auth_credentials.must_change_password',
      'auth_credentials.password_changed_at',
    ])
    .where('users.email', '=', email)
    .executeTakeFirst();
  const valid = account
    ? (await verifyPassword(account.password_hash, password)) && toBool(account.is_active)
    : await verifyAgainstDummy(password);
  await throttle.settle(reservation, email, address, Boolean(valid && account), now);
  if (!valid || !account) throw new AppError('LOGIN_FAILED');
  // A first password (set by an admin or staff) is good for the center's chosen hours; then they
  // issue a new one. Said only to someone who knows it.
  if (toBool(account.must_change_password)) {
    const hours = (await readCenterSettings(db)).first_password_hours;
    if (Date.parse(account.password_changed_at) + hours * 3_600_000 <= now.getTime()) {
      throw new AppError('FIRST_PASSWORD_EXPIRED', { params: { hours: String(hours) } });
    }
  }

  await pruneExpiredSessions(db, ctx.clock.now(), ctx.config.session.idleMs);
  const { token, expiresAt } = await createSession(db, {
    authId: account.auth_id,
    now: ctx.clock.now(),
    maxAgeMs: ctx.config.session.maxAgeMs,
    userAgent: attempt.userAgent,
    ip: address,
  });
  return { token, expiresAt, user: await loadSessionUser(ctx, account.auth_id) };
}

async function loadSessionUser(ctx: AppContext, authId: string): Promise<SessionUser> {
  const row = await ctx.database.db
    .selectFrom('users')
    .innerJoin('auth_credentials', 'auth_credentials.auth_id', 'users.auth_id')
    .selectAll('users')
    .select('auth_credentials.must_change_password')
    .where('users.auth_id', '=', authId)
    .executeTakeFirstOrThrow();
  const { must_change_password, ...user } = row;
  return { ...toUserDto(user), mustChangePassword: toBool(must_change_password) };
}
