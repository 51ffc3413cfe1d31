// Make-up lessons (docs/decisions/032-make-up-lessons.md): a student's credits (their own; any
// student's for admin and staff), the lessons a credit can be booked into, booking and cancelling
// a booking (admin and staff; the student, their own, when the center allows it).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT } from '#common/events.ts';
import {
  bookMakeupInput,
  makeupCreditListSchema,
  makeupCreditSchema,
  makeupLessonListSchema,
} from '#common/makeups.ts';
import { noticeSchema } from '#common/notice.ts';
import { canManageRole } from '#common/permissions.ts';
import { errorReplies, idParam, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { currentUser } from '#server/features/auth/index.ts';
import { readCenterSettings } from '#server/features/center-settings/index.ts';
import { addNotifications } from '#server/features/notifications/index.ts';
import { bookedTimeText, bookMakeup, cancelMakeup, lessonsWithRoom } from './booking.ts';
import { readCredits } from './credits.ts';

const creditParams = z.object({ creditId: idParam });

export const makeupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    const creditList = async (studentId: string) => ({
      items: await readCredits(db, { studentId }, ctx.clock.now()),
      students_book: (await readCenterSettings(db)).students_book_makeups,
    });

    app.get(
      '/makeups/me',
      {
        schema: {
          tags: ['makeups'],
          summary:
            "The signed-in student's make-up credits: the lesson each replaces, its expiry, the lesson it is booked into",
          response: { 200: makeupCreditListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        if (viewer.role !== 'student') throw new AppError('FORBIDDEN');
        return creditList(viewer.user_id);
      },
    );

    app.get(
      '/users/:userId/makeups',
      {
        schema: {
          tags: ['makeups'],
          summary: "A student's make-up credits (admin, staff)",
          params: z.object({ userId: idParam }),
          response: { 200: makeupCreditListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        if (!canManageRole(viewer.role, 'student')) throw new AppError('FORBIDDEN');
        const student = await db
          .selectFrom('users')
          .select('user_id')
          .where('user_id', '=', request.params.userId)
          .where('role', '=', 'student')
          .executeTakeFirst();
        if (!student) throw new AppError('NOT_FOUND');
        return creditList(student.user_id);
      },
    );

    app.get(
      '/makeups/:creditId/lessons',
      {
        schema: {
          tags: ['makeups'],
          summary:
            'The lessons a credit can be booked into: pending, of another class, before it expires, with a make-up seat left, not clashing with the student’s lessons',
          params: creditParams,
          response: { 200: makeupLessonListSchema, ...errorReplies },
        },
      },
      async (request) => ({
        items: await lessonsWithRoom(ctx, currentUser(request), request.params.creditId),
      }),
    );

    app.post(
      '/makeups/:creditId/booking',
      {
        schema: {
          tags: ['makeups'],
          summary:
            'Book the credit into a lesson of another class (admin, staff; the student when the center allows it); used once',
          params: creditParams,
          body: bookMakeupInput,
          response: { 201: noticeSchema.extend({ credit: makeupCreditSchema }), ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const { studentId, lesson } = await bookMakeup(ctx, actor, {
          creditId: request.params.creditId,
          scheduleId: request.body.schedule_id,
        });
        const start = new Date(lesson.start_time).toISOString();
        await ctx.events.publish({
          type: EVENT.schedules,
          data: { schedule_id: lesson.schedule_id, class_id: lesson.class_id },
        });
        await addNotifications(ctx, [
          {
            userId: studentId,
            type: 'makeup_booked',
            params: {
              class_name: lesson.class_name,
              topic: lesson.topic,
              start_time: start,
              end_time: new Date(lesson.end_time).toISOString(),
            },
            scheduleId: lesson.schedule_id,
            classId: lesson.class_id,
          },
        ]);
        const [credit] = await readCredits(
          db,
          { creditId: request.params.creditId },
          ctx.clock.now(),
        );
        reply.code(201);
        return {
          code: 'MAKEUP_BOOKED' as const,
          params: { class: lesson.class_name, time: bookedTimeText(ctx, start) },
          credit: credit!,
        };
      },
    );

    app.delete(
      '/makeups/:creditId/booking',
      {
        schema: {
          tags: ['makeups'],
          summary:
            'Cancel the booking before its lesson starts: the credit is back (until it expires)',
          params: creditParams,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const { lesson } = await cancelMakeup(ctx, currentUser(request), request.params.creditId);
        await ctx.events.publish({
          type: EVENT.schedules,
          data: { schedule_id: lesson.schedule_id, class_id: lesson.class_id },
        });
        return { ok: true as const, code: 'MAKEUP_BOOKING_CANCELLED' as const };
      },
    );
  };
