// The Dashboard's lists: the caller's lessons of today and the next upcoming ones (at most 5),
// where "today" is the center's local date.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPCOMING_LIST_LIMIT } from '../../../common/constants.ts';
import { dashboardSchema } from '../../../common/dto.ts';
import { currentUser } from '../../auth/guards.ts';
import { errorReplies } from '../../common-schemas.ts';
import type { AppContext } from '../../context.ts';
import { todayRange } from '../../lib/center-time.ts';
import { schedulesWithClass, toScheduleDto } from '../schedules/queries.ts';

export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const zone = ctx.config.centerTimezone;

    app.get(
      '/dashboard',
      {
        schema: {
          tags: ['dashboard'],
          summary: "Today's lessons and the next 5 upcoming ones the caller may see",
          response: { 200: dashboardSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const { date, start, end } = todayRange(ctx.clock.now(), zone);
        const [today, upcoming] = await Promise.all([
          schedulesWithClass(db, viewer)
            .where('s.start_time', '>=', start.toISOString())
            .where('s.start_time', '<', end.toISOString())
            .orderBy('s.start_time')
            .limit(200)
            .execute(),
          schedulesWithClass(db, viewer)
            .where('s.start_time', '>=', end.toISOString())
            .orderBy('s.start_time')
            .limit(UPCOMING_LIST_LIMIT)
            .execute(),
        ]);
        return {
          today: today.map((row) => toScheduleDto(row, viewer)),
          upcoming: upcoming.map((row) => toScheduleDto(row, viewer)),
          date,
          timezone: zone,
        };
      },
    );
  };
