// Active sessions (issue 26): everyone lists and ends their own and signs out elsewhere (the
// profile dialog); the admin lists everyone's, with the sign-in limits in force, and ends any
// (the 'Security' card).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '#common/notice.ts';
import { allSessionsSchema, endedSessionsSchema, ownSessionsSchema } from '#common/sessions.ts';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { endOtherSessions, endSession, listActiveSessions } from './active-sessions.ts';
import { currentUser, userWithPermission } from './guards.ts';
import { signInLimits } from './login-throttle.ts';

export const sessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/auth/sessions',
      {
        schema: {
          tags: ['auth'],
          summary: "One's own active sessions (device, address, signed in, last seen)",
          response: { 200: ownSessionsSchema, ...errorReplies },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const sessions = await listActiveSessions(ctx, user, request.sessionToken, {
          everyone: false,
        });
        return { sessions };
      },
    );

    app.post(
      '/auth/sessions/end-others',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out elsewhere: end every own session but this one',
          response: { 200: endedSessionsSchema, ...errorReplies },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const ended = await endOtherSessions(ctx, user, request.sessionToken!);
        return {
          ended,
          code: 'SESSIONS_ENDED_ELSEWHERE' as const,
          params: { count: String(ended) },
        };
      },
    );

    app.delete(
      '/auth/sessions/:sessionId',
      {
        schema: {
          tags: ['auth'],
          summary: "End a session: one's own, or anyone's (admin)",
          params: z.object({ sessionId: idParam }),
          response: { 200: noticeSchema, ...errorReplies },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await endSession(ctx, user, request.params.sessionId);
        return { code: 'SESSION_ENDED' as const };
      },
    );

    app.get(
      '/sessions',
      {
        schema: {
          tags: ['auth'],
          summary: "Everyone's active sessions and the sign-in limits in force (admin)",
          response: { 200: allSessionsSchema, ...errorReplies },
        },
      },
      async (request) => {
        const admin = userWithPermission(request, 'manage_all');
        const sessions = await listActiveSessions(ctx, admin, request.sessionToken, {
          everyone: true,
        });
        return {
          sessions,
          limits: signInLimits(ctx.config.loginThrottle, ctx.config.session),
        };
      },
    );
  };
