// Lessons (product.md §2 class details and Schedules page, §5, §6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SCHEDULE_STATUSES } from '#common/constants.ts';
import { EVENT } from '#common/events.ts';
import {
  createScheduleInput,
  scheduleListSchema,
  scheduleSchema,
  updateScheduleTopicInput,
} from '#common/lessons.ts';
import { errorReplies, idParam, okReply, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { currentUser, userWithPermission } from '#server/features/auth/guards.ts';
import { findVisibleClass } from '#server/features/classes/queries.ts';
import { notifyLessonsChanged, tryToNotify } from '#server/features/notifications/notify.ts';
import { idempotencyKeyOf } from '#server/http/idempotency.ts';
import { createJsonAnswerCache } from '#server/lib/json-answer-cache.ts';
import { createSchedule } from './create-schedule.ts';
import { changeLessonTopic, deleteLesson } from './manage-lessons.ts';
import { classLessons, findVisibleSchedule, toScheduleDto } from './queries.ts';
import { createScheduleList, TOPIC_CHANGE } from './schedule-list.ts';

const classParams = z.object({ classId: idParam });
const scheduleParams = z.object({ scheduleId: idParam });

export const scheduleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const scheduleList = createScheduleList(ctx);
    // The Schedules page's pages are kept until a lesson, class, enrolment or user (the
    // teacher's name) changes, in any process; 5 s at most.
    const listPages = createJsonAnswerCache(ctx, scheduleListSchema, {
      invalidatedBy: [EVENT.schedules, EVENT.classes, EVENT.users],
      maxAgeMs: 5_000,
      maxEntries: 20_000,
    });
    const announce = (classId: string, scheduleId: string, change?: typeof TOPIC_CHANGE) =>
      ctx.events.publish({
        type: EVENT.schedules,
        data: { class_id: classId, schedule_id: scheduleId, ...(change ? { change } : {}) },
      });

    app.get(
      '/classes/:classId/schedules',
      {
        schema: {
          tags: ['schedules'],
          summary: "A class's lessons in time order",
          params: classParams,
          response: { 200: z.object({ items: z.array(scheduleSchema) }), ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const { classId } = request.params;
        await findVisibleClass(db, viewer, classId);
        return { items: await classLessons(db, viewer, classId) };
      },
    );

    app.post(
      '/classes/:classId/schedules',
      {
        schema: {
          tags: ['schedules'],
          summary: 'Add a lesson to a class (admin, staff)',
          params: classParams,
          body: createScheduleInput,
          response: { 201: scheduleSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'create_schedule');
        const { classId } = request.params;
        const key = idempotencyKeyOf(request);
        let scheduleId: string;
        try {
          scheduleId = await createSchedule(ctx, actor, classId, request.body, key);
        } catch (error) {
          // Two copies of one retried request at once: the second finds the first's lesson.
          if (!key || !isUniqueViolation(error)) throw error;
          scheduleId = await createSchedule(ctx, actor, classId, request.body, key);
        }
        await announce(classId, scheduleId);
        reply.code(201);
        return toScheduleDto(await findVisibleSchedule(db, actor, scheduleId), actor);
      },
    );

    app.get(
      '/schedules',
      {
        schema: {
          tags: ['schedules'],
          summary:
            'The Schedules page: lessons newest first with class, teacher, student count and n/total, and counts per status (admin, staff; teachers see their active classes)',
          querystring: z.object({ status: z.enum(SCHEDULE_STATUSES).optional(), page: pageQuery }),
          response: { 200: scheduleListSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = userWithPermission(request, 'view_schedule_list');
        const { page, status } = request.query;
        return listPages.send(reply, viewer, `${page}|${status ?? ''}`, () =>
          scheduleList(viewer, page, status),
        );
      },
    );

    app.patch(
      '/schedules/:scheduleId',
      {
        schema: {
          tags: ['schedules'],
          summary: "Change a lesson's topic (admin, and the class's teacher)",
          params: scheduleParams,
          body: updateScheduleTopicInput,
          response: { 200: scheduleSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'update_schedule_topic');
        const row = await changeLessonTopic(
          ctx,
          actor,
          request.params.scheduleId,
          request.body.topic,
        );
        await announce(row.class_id, row.schedule_id, TOPIC_CHANGE);
        return toScheduleDto(row, actor);
      },
    );

    app.delete(
      '/schedules/:scheduleId',
      {
        schema: {
          tags: ['schedules'],
          summary: 'Delete a lesson (admin, staff; a completed one: admin only)',
          params: scheduleParams,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_schedule');
        const { scheduleId } = request.params;
        const lesson = await deleteLesson(ctx, actor, scheduleId);
        await announce(lesson.class_id, scheduleId);
        if (lesson.status === 'pending') {
          await tryToNotify(request.log, () =>
            notifyLessonsChanged(ctx, {
              type: 'lesson_cancelled',
              classId: lesson.class_id,
              className: lesson.class_name,
              lessons: [{ scheduleId, topic: lesson.topic, start: lesson.start_time }],
              actorId: actor.user_id,
            }),
          );
        }
        return { ok: true as const, code: 'SCHEDULE_DELETED' as const };
      },
    );
  };
