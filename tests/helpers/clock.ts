import type { Clock } from '#server/context.ts';

/** A clock tests move by hand, so time-based rules are tested without waiting. */
export class TestClock implements Clock {
  #now: number;
  constructor(start = Date.now()) {
    this.#now = start;
  }
  now(): Date {
    return new Date(this.#now);
  }
  advance(ms: number): void {
    this.#now += ms;
  }
  /** Puts the clock at an instant (ms since the epoch), earlier or later. */
  set(at: number): void {
    this.#now = at;
  }
}
