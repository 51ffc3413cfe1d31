// Changing one's password asks for the current one (OWASP ASVS 2.1.6): someone at a computer
// left signed in cannot take the account over. A wrong current password counts as a failed
// sign-in for the account from that address (login-throttle.ts), so guessing it here meets the
// same limits as guessing it at the sign-in page.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import type { SessionUser } from './sessions.ts';

export async function checkCurrentPassword(
  ctx: AppContext,
  throttle: LoginThrottle,
  user: SessionUser,
  attempt: { password: string | undefined; address: string },
): Promise<void> {
  if (!attempt.password) {
    throw new AppError('CURRENT_PASSWORD_REQUIRED', { field: 'currentPassword' });
  }
  const now = ctx.clock.now();
  const reservation = await throttle.reserve(user.email, attempt.address, now);
  if (!reservation.allowed) {
    throw new AppError('RATE_LIMITED', {
      headers: { 'retry-after': String(reservation.retryAfterSeconds) },
    });
  }
  if (reservation.delayMs > 0) await sleep(reservation.delayMs);
  const credentials = await ctx.database.db
    .selectFrom('auth_credentials')
    .select('password_hash')
    .where('auth_id', '=', user.auth_id)
    .executeTakeFirstOrThrow();
  const right = await verifyPassword(credentials.password_hash, attempt.password);
  await throttle.settle(reservation, user.email, attempt.address, right, now);
  if (!right) throw new AppError('CURRENT_PASSWORD_WRONG', { field: 'currentPassword' });
}
