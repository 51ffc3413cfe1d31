// Sign in, sign out, the current session, and changing one's own password (asking for the
// current one, but right after signing in with a first password: docs/product.md §5). Active
// sessions: session-routes.ts.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordInput, loginInput, sessionSchema } from '#common/auth.ts';
import {
  forgotPasswordInput,
  forgotPasswordReply,
  passwordResetAvailability,
  resetPasswordInput,
} from '#common/email.ts';
import { EVENT } from '#common/events.ts';
import { errorReplies, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { readCenterSettings } from '#server/features/center-settings/index.ts';
import { toUserDto } from '#server/features/users/index.ts';
import { checkCurrentPassword } from './current-password.ts';
import { currentUser } from './guards.ts';
import { LoginThrottle } from './login-throttle.ts';
import { emailConfigured, requestPasswordReset, resetPassword } from './password-reset.ts';
import { replacePassword } from './replace-password.ts';
import { sessionRoutes } from './session-routes.ts';
import { deleteSession, SESSION_COOKIE, type SessionUser } from './sessions.ts';
import { signIn } from './sign-in.ts';

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

/** Whether the account's first password is past the hours it is good for. */
async function firstPasswordExpired(ctx: AppContext, authId: string): Promise<boolean> {
  const { db } = ctx.database;
  const credential = await db
    .selectFrom('auth_credentials')
    .select('password_changed_at')
    .where('auth_id', '=', authId)
    .executeTakeFirstOrThrow();
  const hours = (await readCenterSettings(db)).first_password_hours;
  return (
    Date.parse(credential.password_changed_at) + hours * 3_600_000 <= ctx.clock.now().getTime()
  );
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
    await app.register(sessionRoutes(ctx));

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
        const { token, expiresAt, user } = await signIn(ctx, throttle, {
          ...request.body,
          address: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        setSessionCookie(request, reply, token, expiresAt);
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

    // 'Quên mật khẩu?' (docs/decisions/040-password-reset.md)
    app.get(
      '/auth/password-reset',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Whether a forgotten password can be reset by e-mail (else: ask the staff)',
          response: { 200: passwordResetAvailability },
        },
      },
      async () => ({ email_configured: await emailConfigured(ctx) }),
    );

    app.post(
      '/auth/password-reset',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary:
            'Ask for a reset link by e-mail: the same reply whether or not the address has an account (throttled)',
          body: forgotPasswordInput,
          response: { 200: forgotPasswordReply, ...errorReplies },
        },
      },
      async (request) => ({
        code: await requestPasswordReset(ctx, request.body.email, request.ip, request.log),
      }),
    );

    app.post(
      '/auth/password-reset/confirm',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary:
            "Set a new password with a reset link's token (once, within 30 minutes); ends every session",
          body: resetPasswordInput,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        await resetPassword(ctx, request.body.token, request.body.newPassword);
        return { ok: true as const, code: 'PASSWORD_RESET_DONE' as const };
      },
    );

    app.post(
      '/auth/change-password',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Change own password, giving the current one (also ends every other session of this user)',
          body: changePasswordInput,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const user = currentUser(request, { allowPendingPasswordChange: true });
        // A first password to replace was typed at the sign-in just before: not asked again, as
        // long as it is still good (Settings → Users); a session left open past that asks, so a
        // forgotten sign-in screen at a front desk does not let anyone set a password.
        if (!user.mustChangePassword || (await firstPasswordExpired(ctx, user.auth_id))) {
          await checkCurrentPassword(ctx, throttle, user, {
            password: request.body.currentPassword,
            address: request.ip,
          });
        }
        await replacePassword(ctx, user.auth_id, request.body.newPassword, {
          mustChange: false,
          keepSessionToken: request.sessionToken ?? undefined,
          auditAction: 'user.password_change',
        });
        return { ok: true as const, code: 'PASSWORD_CHANGED' as const };
      },
    );
  };
