// Limits password guessing (docs/decisions/002). Every attempt is reserved in the database before
// its password is checked, in a transaction serialised per email (an advisory lock on
// PostgreSQL; SQLite runs one write transaction at a time), so a burst of concurrent guesses is
// counted as it arrives and the limit holds across every server process:
// - per email and address: at most `maxFailuresPerPair` failures in the window, then 429. This is
//   the hard stop, and it locks out only that address, never the owner elsewhere;
// - per email, from addresses it has never signed in from: a delay that doubles with each recent
//   failure, and at most `maxFailuresPerEmailPerDay` in 24 hours, whatever the addresses;
// - per address, across emails (spraying one password over many accounts), the same for addresses
//   other than the email's own: at most `maxFailuresPerIp` in the window.
// An address where the email has signed in before ("trusted") only meets the per-pair limit, so an
// attacker elsewhere can neither lock the owner out nor slow them down, and a school's shared
// address does not lock out its students.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { SignInLimitsDto } from '#common/sessions.ts';
import type { Dialect } from '#server/db/connection.ts';
import type { Database } from '#server/db/schema.ts';

export interface LoginLimits {
  maxFailuresPerPair: number;
  maxFailuresPerEmailPerDay: number;
  maxFailuresPerIp: number;
  windowMs: number;
}

const DAY_MS = 86_400_000;
/** A successful sign-in keeps its address trusted this long. */
const TRUSTED_FOR_MS = 90 * DAY_MS;
/** Failures (per email, untrusted addresses, in the window) before replies start being held. */
const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 10_000;
/** Old attempts are pruned on one reservation in this many. */
const PRUNE_EVERY = 200;

export type Reservation =
  | { allowed: true; attemptId: string; delayMs: number }
  | { allowed: false; retryAfterSeconds: number };

const COUNTED = ['pending', 'failed'] as const;

export class LoginThrottle {
  readonly #db: Kysely<Database>;
  readonly #dialect: Dialect;
  readonly #limits: LoginLimits;
  #reservations = 0;

  constructor(db: Kysely<Database>, dialect: Dialect, limits: LoginLimits) {
    this.#db = db;
    this.#dialect = dialect;
    this.#limits = limits;
  }

  /**
   * Counts this attempt before its password is checked. Refused: the caller answers 429 without
   * checking anything. Allowed: the caller holds the reply `delayMs`, checks, and settles.
   */
  async reserve(email: string, ip: string, now: Date): Promise<Reservation> {
    if (++this.#reservations % PRUNE_EVERY === 0) await this.prune(now);
    const { windowMs, maxFailuresPerPair, maxFailuresPerEmailPerDay, maxFailuresPerIp } =
      this.#limits;
    const nowMs = now.getTime();
    const since = (ms: number) => new Date(nowMs - ms).toISOString();

    return this.#db.transaction().execute(async (trx) => {
      if (this.#dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`.execute(trx);
      }
      const failures = trx
        .selectFrom('login_attempts')
        .where('outcome', 'in', COUNTED)
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('attempted_at').as('oldest')]);
      /** Seconds until the oldest counted failure leaves its period. */
      const waitFor = (oldest: string | null, periodMs: number) =>
        Math.max(1, Math.ceil(((oldest ? Date.parse(oldest) : nowMs) + periodMs - nowMs) / 1000));

      const pair = await failures
        .where('email', '=', email)
        .where('ip', '=', ip)
        .where('attempted_at', '>', since(windowMs))
        .executeTakeFirstOrThrow();
      if (Number(pair.n) >= maxFailuresPerPair) {
        return { allowed: false, retryAfterSeconds: waitFor(pair.oldest, windowMs) } as const;
      }

      const trusted = await trx
        .selectFrom('login_trusted_addresses')
        .select('ip')
        .where('email', '=', email)
        .where('last_success_at', '>', since(TRUSTED_FOR_MS))
        .execute();
      const trustedIps = trusted.map((row) => row.ip);
      let delayMs = 0;
      if (!trustedIps.includes(ip)) {
        const fromElsewhere = (periodMs: number) => {
          let query = failures
            .where('email', '=', email)
            .where('attempted_at', '>', since(periodMs));
          if (trustedIps.length) query = query.where('ip', 'not in', trustedIps);
          return query.executeTakeFirstOrThrow();
        };
        const today = await fromElsewhere(DAY_MS);
        if (Number(today.n) >= maxFailuresPerEmailPerDay) {
          return { allowed: false, retryAfterSeconds: waitFor(today.oldest, DAY_MS) } as const;
        }
        const address = await failures
          .where('ip', '=', ip)
          .where('attempted_at', '>', since(windowMs))
          .executeTakeFirstOrThrow();
        if (Number(address.n) >= maxFailuresPerIp) {
          return { allowed: false, retryAfterSeconds: waitFor(address.oldest, windowMs) } as const;
        }
        const recent = Number((await fromElsewhere(windowMs)).n);
        if (recent >= FREE_FAILURES) {
          delayMs = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (recent - FREE_FAILURES));
        }
      }

      const attemptId = randomUUID();
      await trx
        .insertInto('login_attempts')
        .values({
          attempt_id: attemptId,
          email,
          ip,
          outcome: 'pending',
          attempted_at: now.toISOString(),
        })
        .execute();
      return { allowed: true, attemptId, delayMs } as const;
    });
  }

  /**
   * The password was checked. Right: the address becomes trusted for the email and its earlier
   * failures there stop counting. Wrong: the reserved attempt stays counted as a failure.
   */
  async settle(
    reservation: { attemptId: string },
    email: string,
    ip: string,
    passwordRight: boolean,
    now: Date,
  ): Promise<void> {
    if (!passwordRight) {
      await this.#db
        .updateTable('login_attempts')
        .set({ outcome: 'failed' })
        .where('attempt_id', '=', reservation.attemptId)
        .execute();
      return;
    }
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('login_attempts')
        .set({ outcome: 'cleared' })
        .where('email', '=', email)
        .where('ip', '=', ip)
        .where((eb) =>
          eb.or([eb('outcome', '=', 'failed'), eb('attempt_id', '=', reservation.attemptId)]),
        )
        .execute();
      await trx
        .insertInto('login_trusted_addresses')
        .values({ email, ip, last_success_at: now.toISOString() })
        .onConflict((oc) =>
          oc.columns(['email', 'ip']).doUpdateSet({ last_success_at: now.toISOString() }),
        )
        .execute();
    });
  }

  /** Attempts older than a day count for nothing any more. */
  async prune(now: Date): Promise<void> {
    await this.#db
      .deleteFrom('login_attempts')
      .where('attempted_at', '<', new Date(now.getTime() - DAY_MS).toISOString())
      .execute();
  }
}

/** The limits in force, as the 'Security' card shows them (configured ones and this file's). */
export function signInLimits(
  limits: LoginLimits,
  session: { idleMs: number; maxAgeMs: number },
): SignInLimitsDto {
  return {
    maxFailuresPerPair: limits.maxFailuresPerPair,
    windowMinutes: Math.round(limits.windowMs / 60_000),
    maxFailuresPerEmailPerDay: limits.maxFailuresPerEmailPerDay,
    maxFailuresPerIp: limits.maxFailuresPerIp,
    freeFailures: FREE_FAILURES,
    maxDelaySeconds: MAX_DELAY_MS / 1000,
    sessionIdleHours: Math.round(session.idleMs / 3_600_000),
    sessionMaxDays: Math.round(session.maxAgeMs / 86_400_000),
  };
}
