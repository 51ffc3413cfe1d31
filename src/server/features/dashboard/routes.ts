// The Dashboard's lists: the caller's lessons of today and the next upcoming ones (at most 5),
// where "today" is the center's local date.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPCOMING_LIST_LIMIT } from '#common/constants.ts';
import { type DashboardDto, dashboardSchema } from '#common/dashboard.ts';
import { EVENT } from '#common/events.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser } from '#server/features/auth/guards.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { lessonsWithClass, toLessonDto } from '#server/features/lessons/queries.ts';
import { todayRange } from '#server/lib/center-time.ts';
import { createJsonAnswerCache } from '#server/lib/json-answer-cache.ts';

export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const zone = ctx.config.centerTimezone;
    // The most requested page: answers are kept until any lesson, class, enrolment or teacher
    // change (from any process), 5 s at most. Admin and staff share one answer (they see every
    // lesson of the day); teachers and students each have their own.
    const answers = createJsonAnswerCache(ctx, dashboardSchema, {
      invalidatedBy: [EVENT.schedules, EVENT.classes, EVENT.users],
      maxAgeMs: 5_000,
      maxEntries: 20_000,
    });

    app.get(
      '/dashboard',
      {
        schema: {
          tags: ['dashboard'],
          summary: "Today's lessons and the next 5 upcoming ones the caller may see",
          response: { 200: dashboardSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = currentUser(request);
        const { date } = todayRange(ctx.clock.now(), zone);
        return answers.send(reply, viewer, date, () => load(viewer));
      },
    );

    async function load(viewer: SessionUser): Promise<DashboardDto> {
      const { date, start, end } = todayRange(ctx.clock.now(), zone);
      const [today, upcoming] = await Promise.all([
        lessonsWithClass(db, viewer)
          .where('s.start_time', '>=', start.toISOString())
          .where('s.start_time', '<', end.toISOString())
          .orderBy('s.start_time')
          .limit(200)
          .execute(),
        lessonsWithClass(db, viewer)
          .where('s.start_time', '>=', end.toISOString())
          .orderBy('s.start_time')
          .limit(UPCOMING_LIST_LIMIT)
          .execute(),
      ]);
      return {
        today: today.map((row) => toLessonDto(row, viewer)),
        upcoming: upcoming.map((row) => toLessonDto(row, viewer)),
        date,
        timezone: zone,
        earlyStartMinutes: ctx.config.earlyStartMs / 60_000,
      };
    }
  };
