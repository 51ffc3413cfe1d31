// 'Quên mật khẩu?' (issue 29 point 5, docs/decisions/040-password-reset.md).
// - With e-mail set up: a request always gets the same reply, whether the address has an account
//   or not; for an active account a random token (256 bits) is made, stored only as its SHA-256,
//   good for PASSWORD_RESET_MINUTES and once, and its link is queued in the outbox (sent by the
//   job, not inline); the account is looked up after the reply, so it takes the same time either
//   way.
// - Requests are throttled like sign-in (per address and e-mail, and per address), counted
//   whether the account exists or not.
// - Without e-mail: the reply says to ask the center's staff (who issue a new first password).
// - Setting the new password through the link ends every session of the person.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_RESET_MINUTES } from '#common/email.ts';
import type { AppContext } from '#server/context.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import {
  centerNameOf,
  composeMail,
  enqueueMail,
  mailText,
  productUrl,
  readEmailSettings,
} from '#server/features/email/index.ts';
import { replacePassword } from './replace-password.ts';

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const DAY_MS = 86_400_000;

export async function emailConfigured(ctx: AppContext): Promise<boolean> {
  return (await readEmailSettings(ctx)).smtp !== undefined;
}

/** Counts this request; refuses (429) past the sign-in limits, for any address, known or not. */
async function throttle(ctx: AppContext, email: string, ip: string, now: Date) {
  const { db } = ctx.database;
  const { windowMs, maxFailuresPerPair, maxFailuresPerIp } = ctx.config.loginThrottle;
  const since = new Date(now.getTime() - windowMs).toISOString();
  const count = async (column: 'email' | 'ip', value: string, extra?: string) => {
    let query = db
      .selectFrom('password_reset_requests')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('requested_at').as('oldest')])
      .where(column, '=', value)
      .where('requested_at', '>', since);
    if (extra !== undefined) query = query.where('ip', '=', extra);
    return query.executeTakeFirstOrThrow();
  };
  const refuse = (oldest: string | null) => {
    const until = (oldest ? Date.parse(oldest) : now.getTime()) + windowMs;
    throw new AppError('RATE_LIMITED', {
      headers: {
        'retry-after': String(Math.max(1, Math.ceil((until - now.getTime()) / 1000))),
      },
    });
  };
  const pair = await count('email', email, ip);
  if (Number(pair.n) >= maxFailuresPerPair) refuse(pair.oldest as string | null);
  const address = await count('ip', ip);
  if (Number(address.n) >= maxFailuresPerIp) refuse(address.oldest as string | null);
  await db
    .insertInto('password_reset_requests')
    .values({ request_id: randomUUID(), email, ip, requested_at: now.toISOString() })
    .execute();
  // Old requests count for nothing any more.
  if (Math.random() < 0.01) {
    await db
      .deleteFrom('password_reset_requests')
      .where('requested_at', '<', new Date(now.getTime() - DAY_MS).toISOString())
      .execute();
  }
}

/**
 * Answers a request. The reply waits only for the throttle (the same work for every address);
 * looking the account up and queueing its link happen after it, so its timing says nothing about
 * whether the address has an account.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  ip: string,
  log: FastifyBaseLogger,
): Promise<'PASSWORD_RESET_SENT' | 'PASSWORD_RESET_ASK_STAFF'> {
  if (!(await emailConfigured(ctx))) return 'PASSWORD_RESET_ASK_STAFF';
  const now = ctx.clock.now();
  await throttle(ctx, email, ip, now);
  setImmediate(() => {
    queueResetLink(ctx, email, now).catch((error: unknown) =>
      log.warn({ err: error }, 'a password reset link could not be queued'),
    );
  });
  return 'PASSWORD_RESET_SENT';
}

/** For an active account: a token, stored hashed, and its e-mail in the outbox. */
async function queueResetLink(ctx: AppContext, email: string, now: Date): Promise<void> {
  const { db } = ctx.database;
  const account = await db
    .selectFrom('users')
    .select(['user_id', 'auth_id', 'email', 'full_name', 'language', 'is_active'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!account || !toBool(account.is_active)) return;
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('password_resets')
    .values({
      token_hash: hashOf(token),
      auth_id: account.auth_id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
  const language = account.language ?? 'vi';
  const center = { center: await centerNameOf(db) };
  const mail = composeMail({
    subject: mailText(language, 'reset.subject', center),
    greeting: mailText(language, 'greeting', { name: account.full_name }),
    lines: [
      mailText(language, 'reset.body', { minutes: String(PASSWORD_RESET_MINUTES) }),
      mailText(language, 'reset.ignore'),
    ],
    // In the fragment: never sent to a server, nor in a Referer.
    link: {
      label: mailText(language, 'reset.open'),
      url: productUrl(ctx, `/reset-password#${token}`),
    },
    footer: mailText(language, 'accountFooter', center),
    centerName: center.center,
  });
  await enqueueMail(ctx, {
    kind: 'password_reset',
    userId: account.user_id,
    to: account.email,
    ...mail,
  });
}

/** Uses a reset link once: the new password is set and every session of the person ends. */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  newPassword: string,
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const { db } = ctx.database;
  // Taken in one conditional UPDATE: of two uses of one link, one wins.
  const taken = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', hashOf(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('auth_id')
    .executeTakeFirst();
  if (!taken) throw new AppError('PASSWORD_RESET_INVALID', { field: 'token' });
  const account = await db
    .selectFrom('users')
    .select('is_active')
    .where('auth_id', '=', taken.auth_id)
    .executeTakeFirst();
  if (!account || !toBool(account.is_active)) {
    throw new AppError('PASSWORD_RESET_INVALID', { field: 'token' });
  }
  // The person's other links end with this one.
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('auth_id', '=', taken.auth_id)
    .where('used_at', 'is', null)
    .execute();
  await replacePassword(ctx, taken.auth_id, newPassword, {
    mustChange: false,
    auditAction: 'user.password_reset',
  });
}
