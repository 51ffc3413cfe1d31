// Lessons (product.md §2 class details and Schedules page, §5, §6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LESSON_STATUSES } from '#common/constants.ts';
import { EVENT } from '#common/events.ts';
import {
  createLessonInput,
  lessonListSchema,
  lessonSchema,
  updateLessonTopicInput,
} from '#common/lessons.ts';
import { errorReplies, idParam, okReply, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser, userWithPermission } from '#server/features/auth/guards.ts';
import { findVisibleClass } from '#server/features/classes/queries.ts';
import { createJsonAnswerCache } from '#server/lib/json-answer-cache.ts';
import { idempotencyKeyOf } from '#server/lib/operations/idempotent.ts';
import { createLesson } from './create-lesson.ts';
import { changeLessonTopic, deleteLesson } from './manage-lessons.ts';
import { classLessons, findVisibleLesson, toLessonDto } from './queries.ts';
import { createLessonList } from './lesson-list.ts';

const classParams = z.object({ classId: idParam });
const lessonParams = z.object({ scheduleId: idParam });

export const lessonRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const lessonList = createLessonList(ctx);
    // The Schedules page's pages are kept until a lesson, class, enrolment or user (the
    // teacher's name) changes, in any process; 5 s at most.
    const listPages = createJsonAnswerCache(ctx, lessonListSchema, {
      invalidatedBy: [EVENT.schedules, EVENT.classes, EVENT.users],
      maxAgeMs: 5_000,
      maxEntries: 20_000,
    });

    app.get(
      '/classes/:classId/schedules',
      {
        schema: {
          tags: ['schedules'],
          summary: "A class's lessons in time order",
          params: classParams,
          response: { 200: z.object({ items: z.array(lessonSchema) }), ...errorReplies },
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
          body: createLessonInput,
          response: { 201: lessonSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'create_schedule');
        const { classId } = request.params;
        const scheduleId = await createLesson(ctx, actor, {
          classId,
          lesson: request.body,
          idempotencyKey: idempotencyKeyOf(request),
        });
        reply.code(201);
        return toLessonDto(await findVisibleLesson(db, actor, scheduleId), actor);
      },
    );

    app.get(
      '/schedules',
      {
        schema: {
          tags: ['schedules'],
          summary:
            'The Schedules page: lessons newest first with class, teacher, student count and n/total, and counts per status (admin, staff; teachers see their active classes)',
          querystring: z.object({ status: z.enum(LESSON_STATUSES).optional(), page: pageQuery }),
          response: { 200: lessonListSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = userWithPermission(request, 'view_schedule_list');
        const { page, status } = request.query;
        return listPages.send(reply, viewer, `${page}|${status ?? ''}`, () =>
          lessonList(viewer, page, status),
        );
      },
    );

    app.patch(
      '/schedules/:scheduleId',
      {
        schema: {
          tags: ['schedules'],
          summary: "Change a lesson's topic (admin, and the class's teacher)",
          params: lessonParams,
          body: updateLessonTopicInput,
          response: { 200: lessonSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'update_schedule_topic');
        const row = await changeLessonTopic(ctx, actor, {
          scheduleId: request.params.scheduleId,
          topic: request.body.topic,
        });
        return toLessonDto(row, actor);
      },
    );

    app.delete(
      '/schedules/:scheduleId',
      {
        schema: {
          tags: ['schedules'],
          summary: 'Delete a lesson (admin, staff; a completed one: admin only)',
          params: lessonParams,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_schedule');
        await deleteLesson(ctx, actor, { scheduleId: request.params.scheduleId });
        return { ok: true as const, code: 'SCHEDULE_DELETED' as const };
      },
    );
  };
