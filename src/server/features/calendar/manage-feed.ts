// A user's private calendar feed: a new random token (the old link stops working) or none. Only
// the token's SHA-256 is stored (docs/decisions/044-calendar-feed-secrets.md): the URL is shown
// once, when it is made.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudit } from '#server/lib/audit.ts';

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
  // leave one link (the later), never a conflict. The log says a link was made, never its token.
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('calendar_feeds')
      .values({ user_id: user.user_id, token_hash, created_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash, created_at: now }))
      .execute();
    await recordAudit(trx, {
      action: 'user.calendar_feed',
      recordType: 'user',
      recordId: user.user_id,
      changes: { calendar_feed_token: { secret: true } },
    });
  });
  return { token, createdAt: now };
}

/** The person revokes their own link (recorded when there was one). */
export async function revokeCalendarFeed(ctx: AppContext, user: SessionUser): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('calendar_feeds')
      .where('user_id', '=', user.user_id)
      .returning('user_id')
      .execute();
    if (gone.length === 0) return;
    await recordAudit(trx, {
      action: 'user.calendar_feed_revoke',
      recordType: 'user',
      recordId: user.user_id,
      changes: { calendar_feed_token: { secret: true } },
    });
  });
}

/** Ends an account's feed link (its deletion, its e-mail given to someone new, a new first password). */
export async function revokeCalendarFeedOf(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}
