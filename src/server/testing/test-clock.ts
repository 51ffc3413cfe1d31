// A clock browser tests can set, so time-based screens are tested without waiting. Exists only
// when TEST_CLOCK=true; a normal server never registers the route.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '#server/context.ts';

export class SettableClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  set(instant: Date | null): void {
    this.#offsetMs = instant ? instant.getTime() - Date.now() : 0;
  }
}

export const testClockRoutes =
  (clock: SettableClock): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/test/clock',
      {
        schema: {
          hide: true,
          body: z.object({ now: z.iso.datetime({ offset: true }).nullable() }),
        },
        config: { public: true },
      },
      async (request) => {
        clock.set(request.body.now ? new Date(request.body.now) : null);
        return { now: clock.now().toISOString() };
      },
    );
  };
