// Marking the signed-in user's notifications read: one, or all. Their open tabs are told.
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';

const announce = (ctx: AppContext, userId: string) =>
  ctx.events.publish({ type: EVENT.notifications, data: { user_id: userId } });

export async function markNotificationRead(
  ctx: AppContext,
  user: SessionUser,
  input: { notificationId: string },
): Promise<void> {
  const { db } = ctx.database;
  const result = await db
    .updateTable('notifications')
    .set({ read_at: ctx.clock.now().toISOString() })
    .where('notification_id', '=', input.notificationId)
    .where('user_id', '=', user.user_id)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const mine = await db
      .selectFrom('notifications')
      .select('notification_id')
      .where('notification_id', '=', input.notificationId)
      .where('user_id', '=', user.user_id)
      .executeTakeFirst();
    // Another user's notification is answered as one that does not exist.
    if (!mine) throw new AppError('NOT_FOUND');
  }
  await announce(ctx, user.user_id);
}

export async function markAllNotificationsRead(ctx: AppContext, user: SessionUser): Promise<void> {
  await ctx.database.db
    .updateTable('notifications')
    .set({ read_at: ctx.clock.now().toISOString() })
    .where('user_id', '=', user.user_id)
    .where('read_at', 'is', null)
    .execute();
  await announce(ctx, user.user_id);
}
