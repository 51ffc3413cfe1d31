// Active sessions (issue 26): listing them (one's own; everyone's for the admin) and ending them.
// Ending one deletes its row and announces `internal.sessions-revoked` for its account, so the
// session lookup drops what it kept (session-lookup.ts) and open event streams of that session
// close (realtime/routes.ts): it stops working at once, in every process.

import type { Kysely } from 'kysely';
import { EVENT } from '#common/events.ts';
import { hasPermission } from '#common/permissions.ts';
import { type ActiveSessionDto, describeDevice } from '#common/sessions.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { hashToken, type SessionUser } from './sessions.ts';

function sessionRows(db: Kysely<Database>, now: Date, idleMs: number) {
  return (
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.auth_id', 'sessions.auth_id')
      .select([
        'sessions.session_id',
        'sessions.token_hash',
        'sessions.user_agent',
        'sessions.ip',
        'sessions.created_at',
        'sessions.last_seen_at',
        'users.user_id',
        'users.auth_id',
        'users.full_name',
        'users.email',
        'users.role',
      ])
      // Only sessions that still stand: a lapsed row waits for the next sign-in's pruning.
      .where('users.is_active', '=', true)
      .where('sessions.expires_at', '>', now.toISOString())
      .where('sessions.last_seen_at', '>', new Date(now.getTime() - idleMs).toISOString())
      .orderBy('sessions.last_seen_at', 'desc')
      .orderBy('sessions.session_id')
  );
}

/** Sessions that still stand: the caller's own, or everyone's (`everyone`, admin only). */
export async function listActiveSessions(
  ctx: AppContext,
  viewer: SessionUser,
  currentToken: string | null,
  options: { everyone: boolean },
): Promise<ActiveSessionDto[]> {
  if (options.everyone && !hasPermission(viewer.role, 'manage_all')) {
    throw new AppError('FORBIDDEN');
  }
  let query = sessionRows(ctx.database.db, ctx.clock.now(), ctx.config.session.idleMs);
  if (!options.everyone) query = query.where('sessions.auth_id', '=', viewer.auth_id);
  const currentHash = currentToken ? hashToken(currentToken) : null;
  return (await query.execute()).map((row) => ({
    session_id: row.session_id,
    device: describeDevice(row.user_agent),
    user_agent: row.user_agent,
    ip: row.ip,
    signed_in_at: row.created_at,
    last_seen_at: row.last_seen_at,
    current: row.token_hash === currentHash,
    person: {
      user_id: row.user_id,
      full_name: row.full_name,
      email: row.email,
      role: row.role,
    },
  }));
}

/**
 * Ends one session: one's own, or anyone's for the admin. Someone else's session is, for anyone
 * but the admin, as unknown as one that does not exist (404): its id says nothing to them.
 */
export async function endSession(
  ctx: AppContext,
  actor: SessionUser,
  sessionId: string,
): Promise<void> {
  const { db } = ctx.database;
  const session = await db
    .selectFrom('sessions')
    .select(['auth_id', 'token_hash'])
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  const mayEnd =
    session && (session.auth_id === actor.auth_id || hasPermission(actor.role, 'manage_all'));
  if (!session || !mayEnd) throw new AppError('SESSION_NOT_FOUND');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('token_hash', '=', session.token_hash).execute();
    // Someone else's session ended by the admin is recorded (docs/decisions/041); one's own is not.
    if (session.auth_id === actor.auth_id) return;
    const owner = await trx
      .selectFrom('users')
      .select('user_id')
      .where('auth_id', '=', session.auth_id)
      .executeTakeFirst();
    if (!owner) return;
    await recordAudit(trx, {
      action: 'user.sessions_revoke',
      recordType: 'user',
      recordId: owner.user_id,
      changes: { session: { before: sessionId, after: null } },
    });
  });
  await ctx.events.publish({ type: EVENT.sessionsRevoked, data: { authId: session.auth_id } });
}

/** Ends every session of the actor but the one asking ("sign out elsewhere"); how many ended. */
export async function endOtherSessions(
  ctx: AppContext,
  actor: SessionUser,
  currentToken: string,
): Promise<number> {
  const result = await ctx.database.db
    .deleteFrom('sessions')
    .where('auth_id', '=', actor.auth_id)
    .where('token_hash', '!=', hashToken(currentToken))
    .executeTakeFirst();
  await ctx.events.publish({ type: EVENT.sessionsRevoked, data: { authId: actor.auth_id } });
  return Number(result.numDeletedRows);
}
