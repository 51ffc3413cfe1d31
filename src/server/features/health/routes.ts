// GET /api/health: the process answers and the database is reachable (for load balancers).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { preparedQuery } from '#server/db/prepared-query.ts';

/** One small read: built and compiled once (load balancers ask often). */
const readOneSetting = preparedQuery(0, (db) =>
  db.selectFrom('app_settings').select('setting_key').limit(1),
);

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    // Checks that arrive while one is on its way to the database share its answer (a read that
    // began at most one round trip before them), instead of queueing a read each.
    let inFlight: Promise<unknown> | undefined;
    const reachDatabase = () => {
      inFlight ??= readOneSetting(db).finally(() => {
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
