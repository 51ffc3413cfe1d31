// Slows down and then refuses repeated failed sign-ins, per email and per client address.
// Kept in memory: with several server processes each counts on its own, which still bounds
// guessing to a small multiple of the limit.

interface Limits {
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  windowMs: number;
}

/** Failures before replies start being delayed, and the delay step and cap. */
const FREE_FAILURES = 2;
const DELAY_STEP_MS = 250;
const MAX_DELAY_MS = 2_000;
const MAX_TRACKED_KEYS = 100_000;

export class LoginThrottle {
  readonly #limits: Limits;
  readonly #failures = new Map<string, number[]>();

  constructor(limits: Limits) {
    this.#limits = limits;
  }

  #recent(key: string, now: number): number[] {
    const times = (this.#failures.get(key) ?? []).filter((t) => t > now - this.#limits.windowMs);
    if (times.length) this.#failures.set(key, times);
    else this.#failures.delete(key);
    return times;
  }

  /** Seconds to wait before another attempt is allowed, or 0 when it may go ahead. */
  retryAfterSeconds(email: string, ip: string, now: number): number {
    const checks: [string, number][] = [
      [`email:${email}`, this.#limits.maxFailuresPerEmail],
      [`ip:${ip}`, this.#limits.maxFailuresPerIp],
    ];
    let wait = 0;
    for (const [key, max] of checks) {
      const times = this.#recent(key, now);
      if (times.length >= max) {
        const oldestThatCounts = times[times.length - max]!;
        wait = Math.max(wait, Math.ceil((oldestThatCounts + this.#limits.windowMs - now) / 1000));
      }
    }
    return wait;
  }

  /** How long to hold a reply after failures, so guessing slows before it is refused. */
  delayMs(email: string, now: number): number {
    const failures = this.#recent(`email:${email}`, now).length;
    return Math.min(MAX_DELAY_MS, Math.max(0, failures - FREE_FAILURES) * DELAY_STEP_MS);
  }

  recordFailure(email: string, ip: string, now: number): void {
    if (this.#failures.size > MAX_TRACKED_KEYS) this.#failures.clear();
    for (const key of [`email:${email}`, `ip:${ip}`]) {
      this.#failures.set(key, [...this.#recent(key, now), now]);
    }
  }

  recordSuccess(email: string): void {
    this.#failures.delete(`email:${email}`);
  }
}
