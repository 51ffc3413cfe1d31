// Who is signed in, for every API request. Reading the session from the database was the largest
// part of a small request's cost (bench:api: about a third of the session reply's CPU time on
// SQLite), so a session confirmed by the database is kept in memory for a second at most
// (docs/decisions/010). Within that second every rule is still applied to each request:
// - expiry (absolute and idle) is checked against the clock on every request;
// - a use due to be written down (once a minute) goes to the database, as before;
// - sign-out, a password change and a deactivation announce `internal.sessions-revoked` for the
//   account, and any change to a user (a profile edit, a new or deleted account) announces
//   `users.changed`: each drops the kept sessions at once, in every process (the event hub), and
//   a read that was already under way when one arrived is not kept.
// What no event announces (a row changed by hand in the database) is seen within the second.
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import {
  hashToken,
  readSession,
  type SessionUser,
  type StandingSession,
  sessionHasLapsed,
  touchIsDue,
} from './sessions.ts';

/** How long a session read from the database may answer for it. */
export const SESSION_CONFIRMED_FOR_MS = 1_000;
const MAX_KEPT_SESSIONS = 10_000;

interface KeptSession extends StandingSession {
  /** When the database confirmed it (monotonic clock, not the app's clock). */
  confirmedAt: number;
}

export function createSessionLookup(ctx: AppContext) {
  const kept = new Map<string, KeptSession>();
  /** Bumped by every event that drops sessions: a read that began before it is not kept. */
  let generation = 0;
  ctx.events.subscribe((event) => {
    if (event.type === EVENT.sessionsRevoked) {
      generation++;
      for (const [hash, session] of kept) {
        if (session.user.auth_id === event.data.authId) kept.delete(hash);
      }
    } else if (event.type === EVENT.users) {
      generation++;
      kept.clear();
    }
  });

  /** The kept user for a token's hash while every rule lets the kept session answer. */
  function keptUser(tokenHash: string): SessionUser | undefined {
    const session = kept.get(tokenHash);
    if (!session) return undefined;
    const now = ctx.clock.now().getTime();
    if (
      performance.now() - session.confirmedAt <= SESSION_CONFIRMED_FOR_MS &&
      !sessionHasLapsed(session, now, ctx.config.session.idleMs) &&
      !touchIsDue(session.lastSeenMs, now)
    ) {
      return session.user;
    }
    return undefined;
  }

  async function readUser(tokenHash: string): Promise<SessionUser | null> {
    kept.delete(tokenHash);
    const readFrom = generation;
    const confirmedAt = performance.now();
    const idleMs = ctx.config.session.idleMs;
    const read = await readSession(ctx.database.db, tokenHash, ctx.clock.now(), idleMs);
    if (!read) return null;
    // Shared by the requests of the next second: frozen, so none can change it for the others.
    const user = Object.freeze(read.user);
    if (readFrom === generation) {
      if (kept.size >= MAX_KEPT_SESSIONS) kept.delete(kept.keys().next().value!);
      kept.set(tokenHash, { ...read, user, confirmedAt });
    }
    return user;
  }

  /**
   * The signed-in user behind a session token, or null if it does not stand. A kept session
   * answers at once, without a promise (most API requests: bench:api); else the promise of the
   * database's answer.
   */
  return function findSessionUser(token: string): SessionUser | Promise<SessionUser | null> {
    const tokenHash = hashToken(token);
    return keptUser(tokenHash) ?? readUser(tokenHash);
  };
}
