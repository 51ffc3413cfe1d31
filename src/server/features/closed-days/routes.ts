// The center's calendar of closed days: everyone signed in reads it; admin and staff
// (manage_closed_days) add days, rename and remove them, take Vietnam's public holidays from the
// proposals, and see the lessons still planned on closed days.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addClosedDaysInput,
  closedDate,
  closedDayLessonsSchema,
  closedDayListSchema,
  closedDaySchema,
  closedDaysAddedSchema,
  holidayProposalsSchema,
  renameClosedDayInput,
} from '#common/closed-days.ts';
import { codes } from '#common/messages.ts';
import { noticeShape } from '#common/notice.ts';
import { errorReplies, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { addDays, localDate } from '#server/lib/center-time.ts';
import { holidayProposals } from './holiday-proposals.ts';
import { lessonsOnDates } from './lessons-on-closed-days.ts';
import { addClosedDays, removeClosedDay, renameClosedDay } from './manage-closed-days.ts';
import { listClosedDays } from './queries.ts';

/** The longest span one list covers (a few years), so a list stays a list. */
const MAX_LIST_DAYS = 3 * 366;

/** A year, or a span of dates; neither: this year (the center's). */
const spanQuery = z.object({
  year: z.coerce
    .number({ error: codes.VALIDATION })
    .int(codes.VALIDATION)
    .min(2000, codes.VALIDATION)
    .max(2199, codes.VALIDATION)
    .optional(),
  from: closedDate(codes.VALIDATION).optional(),
  to: closedDate(codes.VALIDATION).optional(),
});
type SpanQuery = z.infer<typeof spanQuery>;

const dateParams = z.object({ date: closedDate(codes.NOT_FOUND) });

export const closedDayRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const timeZone = ctx.config.centerTimezone;

    /** [first, last] date of what a list asks for. */
    const spanOf = (query: SpanQuery): [string, string] => {
      if (query.from !== undefined || query.to !== undefined) {
        const { from, to } = query;
        if (query.year !== undefined || from === undefined || to === undefined || to < from) {
          throw new AppError('VALIDATION', { field: from === undefined ? 'from' : 'to' });
        }
        if (addDays(from, MAX_LIST_DAYS) < to) throw new AppError('VALIDATION', { field: 'to' });
        return [from, to];
      }
      const year = query.year ?? Number(localDate(ctx.clock.now(), timeZone).slice(0, 4));
      return [`${year}-01-01`, `${year}-12-31`];
    };

    app.get(
      '/closed-days',
      {
        schema: {
          tags: ['closed-days'],
          summary: "The center's closed days of a year (default: this one) or from–to, in order",
          querystring: spanQuery,
          response: { 200: closedDayListSchema, ...errorReplies },
        },
      },
      async (request) => {
        currentUser(request);
        const [from, to] = spanOf(request.query);
        return { items: await listClosedDays(db, from, to) };
      },
    );

    app.post(
      '/closed-days',
      {
        schema: {
          tags: ['closed-days'],
          summary:
            'Close one day or every day from from_date to to_date (admin, staff); replies with the lessons planned on them',
          body: addClosedDaysInput,
          response: { 201: closedDaysAddedSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'manage_closed_days');
        const added = await addClosedDays(ctx, actor, request.body);
        reply.code(201);
        return {
          ...added,
          code: 'CLOSED_DAYS_ADDED' as const,
          params: { count: String(added.days.length) },
        };
      },
    );

    app.get(
      '/closed-days/proposals',
      {
        schema: {
          tags: ['closed-days'],
          summary:
            "Vietnam's public holidays of this year and the next not yet closed nor past (admin, staff)",
          response: { 200: holidayProposalsSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_closed_days');
        return { items: await holidayProposals(db, ctx.clock.now(), timeZone) };
      },
    );

    app.get(
      '/closed-days/lessons',
      {
        schema: {
          tags: ['closed-days'],
          summary:
            'The pending lessons on the closed days of a year or from–to, to cancel or move (admin, staff)',
          querystring: spanQuery,
          response: { 200: closedDayLessonsSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'manage_closed_days');
        const [from, to] = spanOf(request.query);
        const days = await listClosedDays(db, from, to);
        const dates = days.map((day) => day.date);
        return { items: await lessonsOnDates(db, actor, dates, timeZone) };
      },
    );

    app.patch(
      '/closed-days/:date',
      {
        schema: {
          tags: ['closed-days'],
          summary: 'Rename a closed day (admin, staff)',
          params: dateParams,
          body: renameClosedDayInput,
          response: { 200: closedDaySchema.extend(noticeShape), ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_closed_days');
        const day = await renameClosedDay(ctx, request.params.date, request.body.name);
        return { ...day, code: 'CLOSED_DAY_RENAMED' as const };
      },
    );

    app.delete(
      '/closed-days/:date',
      {
        schema: {
          tags: ['closed-days'],
          summary: 'Open a closed day again (admin, staff); its lessons are not touched',
          params: dateParams,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_closed_days');
        await removeClosedDay(ctx, request.params.date);
        return { ok: true as const, code: 'CLOSED_DAY_REMOVED' as const };
      },
    );
  };
