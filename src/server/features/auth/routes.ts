// Sign in, sign out, the current session, and changing one's own password.

import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FIRST_PASSWORD_LIFETIME_MS } from '#common/constants.ts';
import { sessionSchema } from '#common/dto.ts';
import { EVENT } from '#common/events.ts';
import { messages } from '#common/messages.ts';
import { changePasswordInput, loginInput } from '#common/schemas.ts';
import { errorReplies, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { toUserDto } from '#server/features/users/user-dto.ts';
import { currentUser } from './guards.ts';
import { LoginThrottle } from './login-throttle.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { replacePassword } from './replace-password.ts';
import {
  createSession,
  deleteSession,
  pruneExpiredSessions,
  SESSION_COOKIE,
  type SessionUser,
} from './sessions.ts';

const sessionReply = sessionSchema;

function sessionBody(ctx: AppContext, user: SessionUser) {
  return {
    user: toUserDto(user),
    mustChangePassword: user.mustChangePassword,
    centerTimezone: ctx.config.centerTimezone,
  };
}

export function cookieIsSecure(ctx: AppContext, request: FastifyRequest): boolean {
  if (ctx.config.cookieSecure !== 'auto') return ctx.config.cookieSecure === 'true';
  return request.protocol === 'https';
}

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const throttle = new LoginThrottle(
      ctx.database.db,
      ctx.database.dialect,
      ctx.config.loginThrottle,
    );
    const { db } = ctx.database;

    const setSessionCookie = (
      request: FastifyRequest,
      reply: FastifyReply,
      token: string,
      expires: Date,
    ) => {
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieIsSecure(ctx, request),
        expires,
      });
    };

    app.post(
      '/auth/login',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          body: loginInput,
          response: { 200: sessionReply, ...errorReplies },
        },
      },
      async (request, reply) => {
        const { email, password } = request.body;
        const now = ctx.clock.now();
        // Counted before the password is checked: concurrent guesses cannot all slip under the
        // limit, and a refused one costs no password check.
        const reservation = await throttle.reserve(email, request.ip, now);
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
        await throttle.settle(reservation, email, request.ip, Boolean(valid && account), now);
        if (!valid || !account) throw new AppError('LOGIN_FAILED');
        // A first password (set by an admin or staff) is good for 72 hours; then they issue a new
        // one. Said only to someone who knows it.
        if (
          toBool(account.must_change_password) &&
          Date.parse(account.password_changed_at) + FIRST_PASSWORD_LIFETIME_MS <= now.getTime()
        ) {
          throw new AppError('FIRST_PASSWORD_EXPIRED');
        }

        await pruneExpiredSessions(db, ctx.clock.now(), ctx.config.session.idleMs);
        const { token, expiresAt } = await createSession(
          db,
          account.auth_id,
          ctx.clock.now(),
          ctx.config.session.maxAgeMs,
        );
        setSessionCookie(request, reply, token, expiresAt);
        const user = await loadSessionUser(ctx, account.auth_id);
        return sessionBody(ctx, user);
      },
    );

    app.post(
      '/auth/logout',
      {
        config: { public: true },
        schema: { tags: ['auth'], summary: 'Sign out', response: { 200: okReply } },
      },
      async (request, reply) => {
        if (request.sessionToken) {
          await deleteSession(db, request.sessionToken);
          if (request.user) {
            await ctx.events.publish({
              type: EVENT.sessionsRevoked,
              data: { authId: request.user.auth_id },
            });
          }
        }
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { ok: true as const };
      },
    );

    app.get(
      '/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user and whether a new password is due',
          response: { 200: sessionReply, ...errorReplies },
        },
      },
      async (request) =>
        sessionBody(ctx, currentUser(request, { allowPendingPasswordChange: true })),
    );

    app.post(
      '/auth/change-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Change own password (also ends every other session of this user)',
          body: changePasswordInput,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const user = currentUser(request, { allowPendingPasswordChange: true });
        await replacePassword(ctx, user.auth_id, request.body.newPassword, {
          mustChange: false,
          keepSessionToken: request.sessionToken ?? undefined,
        });
        return { ok: true as const, message: messages.PASSWORD_CHANGED };
      },
    );
  };

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
