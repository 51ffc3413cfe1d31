// A user's private calendar feed: a new random token (the old link stops working) or none. Only
// the token's SHA-256 is stored (docs/decisions/044-calendar-feed-secrets.md): the URL is shown
// once, when it is made.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/index.ts';

/** How a feed's token is stored and looked up. */
export const feedTokenHash = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** Returns the new token and when it was made. */
export async function renewCalendarFeed(
  ctx: AppContext,
  user: SessionUser,
): Promise<{ token: string; createdAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const token_hash = feedTokenHash(token);
  const now = ctx.clock.now().toISOString();
  // One row per user: a new token replaces the old in one statement, so two clicks at once
  // leave one link (the later), never a conflict.
  await ctx.database.db
    .insertInto('calendar_feeds')
    .values({ user_id: user.user_id, token_hash, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash, created_at: now }))
    .execute();
  return { token, createdAt: now };
}

export async function revokeCalendarFeed(ctx: AppContext, user: SessionUser): Promise<void> {
  await revokeCalendarFeedOf(ctx.database.db, user.user_id);
}

/** Ends an account's feed link (its deletion, its e-mail given to someone new, a new first password). */
export async function revokeCalendarFeedOf(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}
