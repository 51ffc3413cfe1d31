// Server-side sessions: the browser holds an opaque random token; the database holds only its
// SHA-256, with idle and absolute expiry.
import { hash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { UserDto } from '#common/users.ts';
import { preparedQuery } from '#server/db/prepared-query.ts';
import { type Database, toBool } from '#server/db/schema.ts';

export const SESSION_COOKIE = 'edu_session';
/** Refresh last_seen_at at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

// crypto.hash: the same digest as createHash().update().digest(), without a Hash object per
// call (one per API request: the session check).
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** The signed-in user as every route sees it: the account, and whether a new password is due. */
export type SessionUser = UserDto & { mustChangePassword: boolean };

/** A User-Agent is kept for the sessions list only: a sane length is plenty. */
const MAX_USER_AGENT_LENGTH = 512;

export async function createSession(
  db: Kysely<Database>,
  session: {
    authId: string;
    now: Date;
    maxAgeMs: number;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const { authId, now, maxAgeMs } = session;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + maxAgeMs);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      session_id: randomUUID(),
      auth_id: authId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      user_agent: session.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) || null,
      ip: session.ip,
    })
    .execute();
  return { token, expiresAt };
}

/** Every request's first query: built and compiled once per database handle. */
const sessionByTokenHash = preparedQuery(1, (db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('auth_credentials', 'auth_credentials.auth_id', 'sessions.auth_id')
    .innerJoin('users', 'users.auth_id', 'sessions.auth_id')
    .select([
      'sessions.last_seen_at',
      'sessions.expires_at',
      'auth_credentials.must_change_password',
      'users.user_id',
      'users.auth_id',
      'users.email',
      'users.full_name',
      'users.role',
      'users.username',
      'users.is_active',
      'users.avatar_url',
      'users.phone',
      'users.created_at',
      'users.updated_at',
      'users.created_by',
      'users.language',
    ])
    .where('sessions.token_hash', '=', tokenHash),
);

/** A session that stands: its user, and the times its idle and absolute limits count from. */
export interface StandingSession {
  user: SessionUser;
  lastSeenMs: number;
  expiresMs: number;
}

/** Whether a session seen at lastSeenMs, expiring at expiresMs, is past either limit at nowMs. */
export function sessionHasLapsed(
  session: { lastSeenMs: number; expiresMs: number },
  nowMs: number,
  idleMs: number,
): boolean {
  return session.expiresMs <= nowMs || session.lastSeenMs + idleMs <= nowMs;
}

/** Whether this use of a session should be written down (at most once a minute). */
export const touchIsDue = (lastSeenMs: number, nowMs: number) =>
  nowMs - lastSeenMs > TOUCH_INTERVAL_MS;

/**
 * The session behind a token's hash, read from the database, or null if it is unknown, expired
 * or its user inactive. A lapsed session is deleted; a use is recorded at most once a minute.
 */
export async function readSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
  idleMs: number,
): Promise<StandingSession | null> {
  const [row] = (await sessionByTokenHash(db, tokenHash)).rows;
  if (!row || !toBool(row.is_active)) return null;

  let lastSeenMs = Date.parse(row.last_seen_at);
  const expiresMs = Date.parse(row.expires_at);
  if (sessionHasLapsed({ lastSeenMs, expiresMs }, now.getTime(), idleMs)) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (touchIsDue(lastSeenMs, now.getTime())) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
    lastSeenMs = now.getTime();
  }
  const { last_seen_at: _seen, expires_at: _expires, must_change_password, ...user } = row;
  return {
    user: { ...user, is_active: true, mustChangePassword: toBool(must_change_password) },
    lastSeenMs,
    expiresMs,
  };
}

/** Whether a session still stands, without counting this as use (for open event streams). */
export async function sessionIsCurrent(
  db: Kysely<Database>,
  token: string,
  now: Date,
  idleMs: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.auth_id', 'sessions.auth_id')
    .select(['sessions.last_seen_at', 'sessions.expires_at', 'users.is_active'])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return (
    row !== undefined &&
    toBool(row.is_active) &&
    !sessionHasLapsed(
      { lastSeenMs: Date.parse(row.last_seen_at), expiresMs: Date.parse(row.expires_at) },
      now.getTime(),
      idleMs,
    )
  );
}

/** Removes sessions past their absolute or idle limit (run at each sign-in). */
export async function pruneExpiredSessions(
  db: Kysely<Database>,
  now: Date,
  idleMs: number,
): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .deleteFrom('sessions')
    .where('last_seen_at', '<=', new Date(now.getTime() - idleMs).toISOString())
    .execute();
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteSessionsOf(
  db: Kysely<Database>,
  authId: string,
  exceptToken?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('auth_id', '=', authId);
  if (exceptToken) query = query.where('token_hash', '!=', hashToken(exceptToken));
  await query.execute();
}
