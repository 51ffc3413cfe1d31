// GET /api/health: the process answers and the database is reachable (for load balancers).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompiledQuery } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';

/**
 * The usual probe: a statement the database must answer, touching no table. On PostgreSQL it is a
 * round trip to the server; on the embedded database a table read would be answered from the
 * page cache all the same, so it proves no more than this does.
 */
const PROBE = CompiledQuery.raw('select 1 as ok');

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    // Checks that arrive while one is on its way to the database share its answer (a read that
    // began at most one round trip before them), instead of queueing a read each.
    let inFlight: Promise<unknown> | undefined;
    const reachDatabase = () => {
      inFlight ??= db.executeQuery(PROBE).finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    };

    app.get(
      '/health',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'Liveness and database reachability',
          response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
        },
      },
      async () => {
        await reachDatabase();
        return { status: 'ok' as const, database: ctx.database.dialect };
      },
    );
  };
