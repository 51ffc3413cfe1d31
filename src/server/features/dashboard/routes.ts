// The Dashboard's lists: the caller's lessons of today and the next upcoming ones (at most 5),
// where "today" is the center's local date. A parent asks for one child's (student_id: the child's
// lessons as they see them, without meeting links), or gets all their children's classes' lessons.
// Admin and staff see the whole center, hundreds of lessons a day: their Today is the day counted
// by state and its next lessons (at most 10), the rest one link away on the Schedules page
// (product.md, Deviations; docs/decisions/046).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TODAY_NEXT_LIMIT, UPCOMING_LIST_LIMIT } from '#common/constants.ts';
import { type DashboardDto, dashboardSchema, type TodayCounts } from '#common/dashboard.ts';
import { z } from 'zod';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { currentUser } from '#server/features/auth/index.ts';
import { childOf } from '#server/features/family/index.ts';
import { lessonsWithClass, toLessonDto, visibleLessons } from '#server/features/lessons/index.ts';
import { todayRange } from '#server/lib/center-time.ts';
import { isCenterWideViewer } from '#server/lib/center-wide-cache.ts';
import { createJsonAnswerCache, SCHOOL_PAGES } from '#server/lib/json-answer-cache.ts';

export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const zone = ctx.config.centerTimezone;
    // The most requested page: answers are kept until any lesson, class, enrolment or teacher
    // change (from any process), 5 s at most. Admin and staff share one answer (the center's day,
    // whose counts by state follow the clock: kept for the minute it was made in); teachers and
    // students each have their own.
    const answers = createJsonAnswerCache(ctx, dashboardSchema);
    // Admin's and staff's answers are keyed by the minute: a few at a time, never a day's worth.
    const centerAnswers = createJsonAnswerCache(ctx, dashboardSchema, {
      ...SCHOOL_PAGES,
      maxEntries: 8,
    });

    app.get(
      '/dashboard',
      {
        schema: {
          tags: ['dashboard'],
          summary:
            "Today's lessons and the next 5 upcoming ones the caller may see (a parent: one child's with student_id); for admin and staff, today holds only the next 10 (running or to come) and todayCounts counts the whole day by state",
          querystring: z.object({ student_id: idParam.optional() }),
          response: { 200: dashboardSchema, ...errorReplies },
        },
      },
      (request, reply) => {
        const viewer = currentUser(request);
        const now = ctx.clock.now();
        const { date } = todayRange(now, zone);
        const studentId = request.query.student_id;
        if (studentId === undefined) {
          // The center's counts by state follow the clock: theirs is kept for its minute only.
          if (!isCenterWideViewer(viewer))
            return answers.send(reply, viewer, date, () => load(viewer));
          const minute = Math.floor(now.getTime() / 60_000);
          return centerAnswers.send(reply, viewer, `${date}|${minute}`, () => load(viewer));
        }
        // Checked on every request, before any kept answer is sent.
        return childOf(ctx, viewer, studentId).then((child) =>
          answers.send(reply, viewer, `${date}:${studentId}`, () => load(child, viewer)),
        );
      },
    );

    /** `viewer`'s lessons, as `reader` may see them (a parent reading their child's). */
    async function load(viewer: SessionUser, reader = viewer): Promise<DashboardDto> {
      const now = ctx.clock.now();
      const { date, start, end } = todayRange(now, zone);
      const ofToday = lessonsWithClass(db, viewer)
        .where('s.start_time', '>=', start.toISOString())
        .where('s.start_time', '<', end.toISOString())
        .orderBy('s.start_time');
      const centerWide = isCenterWideViewer(viewer);
      const [today, upcoming, todayCounts] = await Promise.all([
        centerWide
          ? // The next ones: running or still to come, in start order.
            ofToday
              .where('s.status', 'in', ['pending', 'active'])
              .where('s.end_time', '>', now.toISOString())
              .orderBy('s.schedule_id')
              .limit(TODAY_NEXT_LIMIT)
              .execute()
          : ofToday.limit(200).execute(),
        lessonsWithClass(db, viewer)
          .where('s.start_time', '>=', end.toISOString())
          .orderBy('s.start_time')
          .limit(UPCOMING_LIST_LIMIT)
          .execute(),
        centerWide ? countToday(viewer, start, end, now) : undefined,
      ]);
      return {
        today: today.map((row) => toLessonDto(row, reader)),
        ...(todayCounts ? { todayCounts } : {}),
        upcoming: upcoming.map((row) => toLessonDto(row, reader)),
        date,
        timezone: zone,
        earlyStartMinutes: ctx.config.earlyStartMs / 60_000,
      };
    }

    /**
     * The day's lessons counted by the state the web shows them in (lesson-status.ts): from the
     * start-time index, two columns per lesson, no joins but the class's (active classes only).
     */
    async function countToday(
      viewer: SessionUser,
      start: Date,
      end: Date,
      now: Date,
    ): Promise<TodayCounts> {
      const rows = await visibleLessons(db, viewer)
        .where('s.start_time', '>=', start.toISOString())
        .where('s.start_time', '<', end.toISOString())
        .select((eb) => [
          's.status',
          eb
            .case()
            .when('s.end_time', '<=', now.toISOString())
            .then(eb.lit(1))
            .else(eb.lit(0))
            .end()
            .as('ended'),
          eb.fn.countAll<number | string>().as('n'),
        ])
        .groupBy(['s.status', 'ended'])
        .execute();
      const counts: TodayCounts = {
        all: 0,
        pending: 0,
        active: 0,
        completed: 0,
        overdue: 0,
        cancelled: 0,
      };
      for (const row of rows) {
        const n = Number(row.n);
        const state =
          row.status === 'completed' || row.status === 'cancelled'
            ? row.status
            : Number(row.ended) === 1
              ? 'overdue'
              : row.status;
        counts.all += n;
        if (state in counts) counts[state as keyof TodayCounts] += n;
      }
      return counts;
    }
  };
