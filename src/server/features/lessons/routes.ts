// Lessons (product.md §2 class details and Schedules page, §5, §6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LESSON_STATUSES } from '#common/constants.ts';
import { LESSON_SORT_KEYS, searchQuery, sortQuery } from '#common/search.ts';
import {
  cancelLessonInput,
  createLessonInput,
  lessonListSchema,
  lessonSchema,
  moveLessonInput,
  updateLessonTopicInput,
} from '#common/lessons.ts';
import { errorReplies, idParam, okReply, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { findVisibleClass } from '#server/features/classes/index.ts';
import { createJsonAnswerCache } from '#server/lib/json-answer-cache.ts';
import { idempotencyKeyOf } from '#server/lib/operations/idempotent.ts';
import { cancelLesson, moveLesson } from './change-one-lesson.ts';
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
    const listPages = createJsonAnswerCache(ctx, lessonListSchema);

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
            'The Schedules page: lessons newest first (or by class name: sort) with class, teacher, student count and n/total, and counts per status (admin, staff; teachers see their active classes); q searches class and teacher names without accents',
          querystring: z.object({
            status: z.enum(LESSON_STATUSES).optional(),
            page: pageQuery,
            q: searchQuery,
            sort: sortQuery(LESSON_SORT_KEYS, '-start_time'),
          }),
          response: { 200: lessonListSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = userWithPermission(request, 'view_schedule_list');
        const { page, status, q, sort } = request.query;
        return listPages.send(reply, viewer, `${page}|${status ?? ''}|${sort}|${q ?? ''}`, () =>
          lessonList(viewer, page, status, { q, sort }),
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

    app.post(
      '/schedules/:scheduleId/move',
      {
        schema: {
          tags: ['schedules'],
          summary:
            'Move a pending lesson to a new start and end (admin, staff): the checks of a new lesson; the class is told',
          params: lessonParams,
          body: moveLessonInput,
          response: { 200: lessonSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_schedule');
        const scheduleId = await moveLesson(ctx, actor, {
          scheduleId: request.params.scheduleId,
          times: request.body,
          idempotencyKey: idempotencyKeyOf(request),
        });
        return toLessonDto(await findVisibleLesson(db, actor, scheduleId), actor);
      },
    );

    app.post(
      '/schedules/:scheduleId/cancel',
      {
        schema: {
          tags: ['schedules'],
          summary:
            'Cancel a pending lesson with a reason (admin, staff): it stays, marked, and counts for nothing; the class is told',
          params: lessonParams,
          body: cancelLessonInput,
          response: { 200: lessonSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_schedule');
        const scheduleId = await cancelLesson(ctx, actor, {
          scheduleId: request.params.scheduleId,
          reason: request.body.reason,
          idempotencyKey: idempotencyKeyOf(request),
        });
        return toLessonDto(await findVisibleLesson(db, actor, scheduleId), actor);
      },
    );
  };
