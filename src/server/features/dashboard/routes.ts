// The Dashboard's lists: the caller's lessons of today and the next upcoming ones (at most 5),
// where "today" is the center's local date. A parent asks for one child's (student_id: the child's
// lessons as they see them, without meeting links), or gets all their children's classes' lessons.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPCOMING_LIST_LIMIT } from '#common/constants.ts';
import { type DashboardDto, dashboardSchema } from '#common/dashboard.ts';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { currentUser } from '#server/features/auth/index.ts';
import { childOf } from '#server/features/family/index.ts';
import { lessonsWithClass, toLessonDto } from '#server/features/lessons/index.ts';
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
    const answers = createJsonAnswerCache(ctx, dashboardSchema);

    app.get(
      '/dashboard',
      {
        schema: {
          tags: ['dashboard'],
          summary:
            "Today's lessons and the next 5 upcoming ones the caller may see (a parent: one child's with student_id)",
          querystring: z.object({ student_id: idParam.optional() }),
          response: { 200: dashboardSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = currentUser(request);
        const { date } = todayRange(ctx.clock.now(), zone);
        const studentId = request.query.student_id;
        if (studentId === undefined) return answers.send(reply, viewer, date, () => load(viewer));
        // Checked on every request, before any kept answer is sent.
        const child = await childOf(ctx, viewer, studentId);
        return answers.send(reply, viewer, `${date}:${studentId}`, () => load(child, viewer));
      },
    );

    /** `viewer`'s lessons, as `reader` may see them (a parent reading their child's). */
    async function load(viewer: SessionUser, reader = viewer): Promise<DashboardDto> {
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
        today: today.map((row) => toLessonDto(row, reader)),
        upcoming: upcoming.map((row) => toLessonDto(row, reader)),
        date,
        timezone: zone,
        earlyStartMinutes: ctx.config.earlyStartMs / 60_000,
      };
    }
  };
