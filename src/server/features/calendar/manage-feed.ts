// A user's private calendar feed: a new random token (the old link stops working) or none.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '#server/context.ts';
import type { SessionUser } from '#server/features/auth/index.ts';

/** Returns the new token. */
export async function renewCalendarFeed(ctx: AppContext, user: SessionUser): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now().toISOString();
  // One row per user: a new token replaces the old in one statement, so two clicks at once
  // leave one link (the later), never a conflict.
  await ctx.database.db
    .insertInto('calendar_feeds')
    .values({ user_id: user.user_id, token, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, created_at: now }))
    .execute();
  return token;
}

export async function revokeCalendarFeed(ctx: AppContext, user: SessionUser): Promise<void> {
  await ctx.database.db.deleteFrom('calendar_feeds').where('user_id', '=', user.user_id).execute();
}
