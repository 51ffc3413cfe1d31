// The notifications button (product.md §2, right sidebar): the signed-in
// user's notifications, newest first, with the unread count; mark one or all read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type NotificationDto, notificationListSchema } from '#common/notifications.ts';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser } from '#server/features/auth/index.ts';
import { markAllNotificationsRead, markNotificationRead } from './mark-read.ts';

/** The most the popover lists (older ones stay counted until read or pruned). */
const LIST_LIMIT = 50;

export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.get(
      '/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: "The signed-in user's notifications, newest first, and how many are unread",
          response: { 200: notificationListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const [rows, unread] = await Promise.all([
          db
            .selectFrom('notifications')
            .select([
              'notification_id',
              'type',
              'params',
              'schedule_id',
              'class_id',
              'created_at',
              'read_at',
            ])
            .where('user_id', '=', user.user_id)
            .orderBy('created_at', 'desc')
            .orderBy('notification_id', 'desc')
            .limit(LIST_LIMIT)
            .execute(),
          db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', user.user_id)
            .where('read_at', 'is', null)
            .executeTakeFirstOrThrow(),
        ]);
        return {
          items: rows.map(
            (row): NotificationDto => ({
              ...row,
              type: row.type as NotificationDto['type'],
              params: JSON.parse(row.params) as Record<string, string>,
              created_at: new Date(row.created_at).toISOString(),
              read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
            }),
          ),
          unread: Number(unread.n),
        };
      },
    );

    app.post(
      '/notifications/:notificationId/read',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark one of your notifications read',
          params: z.object({ notificationId: idParam }),
          response: { 200: z.object({ ok: z.literal(true) }), ...errorReplies },
        },
      },
      async (request) => {
        await markNotificationRead(ctx, currentUser(request), request.params);
        return { ok: true as const };
      },
    );

    app.post(
      '/notifications/read-all',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark all your notifications read',
          response: { 200: z.object({ ok: z.literal(true) }), ...errorReplies },
        },
      },
      async (request) => {
        await markAllNotificationsRead(ctx, currentUser(request));
        return { ok: true as const };
      },
    );
  };
