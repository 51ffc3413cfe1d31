// The pool of Zoom accounts that host lessons (product.md §2 Zoom accounts, §8): admin and staff
// see it; only admin syncs from Zoom, adds, frees and deletes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT } from '#common/events.ts';
import { codes } from '#common/messages.ts';
import { noticeSchema, noticeShape } from '#common/notice.ts';
import { takesPartInMeetings } from '#common/permissions.ts';
import {
  meetingAccountSchema,
  providerUserSchema,
  zoomAccountListSchema,
} from '#common/providers/zoom/contracts.ts';
import { HOST_ACCOUNT_SORT_KEYS, searchQuery, sortQuery } from '#common/search.ts';
import { errorReplies, idParam, okReply, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { findLesson, meetingOf } from '#server/features/meetings/index.ts';
import {
  addAccounts,
  deleteAccount,
  poolCandidates,
  releaseAccount,
} from './pool-manage-accounts.ts';
import { listAccounts } from './pool-queries.ts';
import { zoomPool } from './pool-store.ts';
import { zoomOf } from './zoom-provider.ts';

const addInput = z.object({
  users: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(64),
        email: z.string().trim().toLowerCase().max(254),
      }),
    )
    .min(1, codes.ZOOM_ADD_NONE_SELECTED)
    .max(300),
});

const accountParams = z.object({ accountId: idParam });

export const zoomAccountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const announce = () => ctx.events.publish({ type: EVENT.hostAccounts });

    app.get(
      '/zoom-accounts',
      {
        schema: {
          tags: ['zoom'],
          summary:
            'The pool of Zoom accounts, newest first or by email (sort), q searching the email (admin, staff)',
          querystring: z.object({
            page: pageQuery,
            q: searchQuery,
            sort: sortQuery(HOST_ACCOUNT_SORT_KEYS, '-created_at'),
          }),
          response: { 200: zoomAccountListSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'view_zoom_accounts');
        const listed = await listAccounts(db, request.query, ctx.clock.now());
        return { ...listed, configured: Boolean(zoomOf(ctx)) };
      },
    );

    app.post(
      '/zoom-accounts/sync',
      {
        schema: {
          tags: ['zoom'],
          summary: 'Users of the Zoom account not yet in the pool (admin)',
          response: {
            200: z.object({ users: z.array(providerUserSchema), ...noticeShape }),
            ...errorReplies,
            502: errorReplies[400],
            503: errorReplies[400],
          },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_zoom_accounts');
        const users = await poolCandidates(ctx);
        return users.length ? { users } : { users, code: 'ZOOM_ALL_ADDED' as const };
      },
    );

    app.post(
      '/zoom-accounts',
      {
        schema: {
          tags: ['zoom'],
          summary: 'Add Zoom users to the pool (admin)',
          body: addInput,
          response: { 201: noticeSchema.extend({ added: z.number() }), ...errorReplies },
        },
      },
      async (request, reply) => {
        userWithPermission(request, 'manage_zoom_accounts');
        await addAccounts(ctx, request.body.users);
        await announce();
        reply.code(201);
        const count = request.body.users.length;
        return { added: count, code: 'ZOOM_ADDED' as const, params: { count: String(count) } };
      },
    );

    app.post(
      '/zoom-accounts/:accountId/release',
      {
        schema: {
          tags: ['zoom'],
          summary:
            'Free an account that is busy with no lesson running on it (admin); refused while a lesson uses it',
          params: accountParams,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_zoom_accounts');
        const { accountId } = request.params;
        const email = await releaseAccount(ctx, accountId);
        request.log.info({ zoomAccountId: accountId }, 'stuck Zoom account freed');
        await announce();
        return { ok: true as const, code: 'ZOOM_ACCOUNT_RELEASED' as const, params: { email } };
      },
    );

    app.delete(
      '/zoom-accounts/:accountId',
      {
        schema: {
          tags: ['zoom'],
          summary:
            'Remove an account from the pool (admin); not while online, not while lessons use it',
          params: accountParams,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_zoom_accounts');
        await deleteAccount(ctx, request.params.accountId);
        await announce();
        return { ok: true as const, code: 'ZOOM_ACCOUNT_DELETED' as const };
      },
    );

    // The meeting page's overlay (product.md §2): the account hosting a lesson the viewer can see.
    app.get(
      '/schedules/:scheduleId/zoom-account',
      {
        schema: {
          tags: ['meetings'],
          summary: 'The Zoom pool account hosting a lesson the signed-in user can see',
          params: z.object({ scheduleId: idParam }),
          response: { 200: meetingAccountSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        // A parent follows a child's lessons, never their meetings (docs/decisions/036-parents.md).
        if (!takesPartInMeetings(viewer.role)) throw new AppError('FORBIDDEN');
        const lesson = await findLesson(ctx, viewer, request.params.scheduleId);
        const meeting = await meetingOf(db, lesson.schedule_id);
        const host = meeting?.hostAccountId
          ? await zoomPool.find(db, meeting.hostAccountId)
          : undefined;
        if (!host) throw new AppError('ZOOM_ACCOUNT_NOT_FOUND');
        return {
          zoom_account_id: host.accountId,
          email: host.email,
          is_busy: host.busy,
          is_active: host.active,
        };
      },
    );
  };
