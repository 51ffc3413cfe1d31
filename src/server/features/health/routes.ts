// GET /api/health: the process answers and the database is reachable (for load balancers).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
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
        await ctx.database.db.selectFrom('app_settings').select('setting_key').limit(1).execute();
        return { status: 'ok' as const, database: ctx.database.dialect };
      },
    );
  };
