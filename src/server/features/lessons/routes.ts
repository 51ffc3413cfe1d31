// Lessons (product.md §2 class details and Schedules page, §5, §6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkDateRange,
  dateQuery,
  dateRangeRefinement,
  lessonFilterShape,
  lessonWeekSchema,
} from '#common/lesson-filters.ts';
import {
  cancelLessonInput,
  createLessonInput,
  lessonListSchema,
  lessonSchema,
  moveLessonInput,
  substituteInput,
  updateLessonTopicInput,
} from '#common/lessons.ts';
import { LESSON_SORT_KEYS, sortQuery } from '#common/search.ts';
import { errorReplies, idParam, okReply, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { findVisibleClass } from '#server/features/classes/index.ts';
import { localDate } from '#server/lib/center-time.ts';
import { createJsonAnswerCache } from '#server/lib/json-answer-cache.ts';
import { idempotencyKeyOf } from '#server/lib/operations/idempotent.ts';
import { cancelLesson, moveLesson } from './change-one-lesson.ts';
import { createLesson } from './create-lesson.ts';
import { giveLessonToSubstitute } from './give-to-substitute.ts';
import { lessonScopeOf } from './lesson-filters.ts';
import { createLessonCounts, createLessonList } from './lesson-list.ts';
import { createLessonWeek } from './lesson-week.ts';
import { changeLessonTopic, deleteLesson } from './manage-lessons.ts';
import { classLessons, findVisibleLesson, toLessonDto } from './queries.ts';

const classParams = z.object({ classId: idParam });
const classLessonsSchema = z.object({ items: z.array(lessonSchema) });
const lessonParams = z.object({ scheduleId: idParam });

/** The list's and the week's filters; the week takes one day of it instead of a range. */
const listQuery = z
  .object({
    ...lessonFilterShape,
    page: pageQuery,
    sort: sortQuery(LESSON_SORT_KEYS, '-start_time'),
  })
  .refine(checkDateRange, dateRangeRefinement);
const { from: _from, to: _to, ...weekFilterShape } = lessonFilterShape;
const weekQuery = z.object({ ...weekFilterShape, date: dateQuery });

export const lessonRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const lessonCounts = createLessonCounts(ctx);
    const lessonList = createLessonList(ctx, lessonCounts);
    const lessonWeek = createLessonWeek(ctx, lessonCounts);
    // The Schedules page's pages and weeks are kept until a lesson, class, enrolment or user (the
    // teacher's name) changes, in any process; 5 s at most. The key is every parameter, as parsed.
    const listPages = createJsonAnswerCache(ctx, lessonListSchema);
    const weeks = createJsonAnswerCache(ctx, lessonWeekSchema);
    // A class's lessons (the class details' Schedules tab, refreshed every 60 s by every open
    // dialog) are kept the same way, per class and viewer (admin and staff share one). Each costs
    // about 1.4 ms to build (the class check, the query, 50 lessons encoded: 27 KB); kept, the
    // session check and sending the bytes are what remains. A refusal (403, 404) is never kept.
    const classLessonAnswers = createJsonAnswerCache(ctx, classLessonsSchema);

    app.get(
      '/classes/:classId/schedules',
      {
        schema: {
          tags: ['schedules'],
          summary: "A class's lessons in time order",
          params: classParams,
          response: { 200: classLessonsSchema, ...errorReplies },
        },
      },
      (request, reply) => {
        const viewer = currentUser(request);
        const { classId } = request.params;
        return classLessonAnswers.send(reply, viewer, `class-lessons|${classId}`, async () => {
          await findVisibleClass(db, viewer, classId);
          return { items: await classLessons(db, viewer, classId) };
        });
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
            "The Schedules page: lessons newest first (or as sort says) with class, teacher, student count and n/total, and counts per status (admin, staff; teachers see their active classes); filtered by status, class_id, teacher_id, room_id, from and to (days in the center's zone, inclusive); q searches class and teacher names without accents; the counts follow every filter but status",
          querystring: listQuery,
          response: { 200: lessonListSchema, ...errorReplies },
        },
      },
      (request, reply) => {
        const viewer = userWithPermission(request, 'view_schedule_list');
        // The days' bounds in the center's zone (about 12 µs) only when the page is not kept.
        return listPages.send(reply, viewer, JSON.stringify(['list', request.query]), () => {
          const { page, status, sort, ...filters } = request.query;
          return lessonList(viewer, page, status, {
            ...lessonScopeOf(filters, ctx.config.centerTimezone),
            sort,
          });
        });
      },
    );

    app.get(
      '/schedules/week',
      {
        schema: {
          tags: ['schedules'],
          summary:
            "The Schedules page's week grid: every lesson from Monday to Sunday of the week of date (today when absent, in the center's zone) in time order, at most 300 (more says some were left out), with the list's filters and counts (admin, staff; teachers see their active classes)",
          querystring: weekQuery,
          response: { 200: lessonWeekSchema, ...errorReplies },
        },
      },
      (request, reply) => {
        const viewer = userWithPermission(request, 'view_schedule_list');
        const { date, status, ...filters } = request.query;
        // Without a date the answer depends on the day: the key names the day it was made for.
        const day = date ?? localDate(ctx.clock.now(), ctx.config.centerTimezone);
        return weeks.send(reply, viewer, JSON.stringify(['week', day, request.query]), () =>
          lessonWeek(viewer, day, status, filters),
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

    app.put(
      '/schedules/:scheduleId/substitute',
      {
        schema: {
          tags: ['schedules'],
          summary:
            "Give a pending lesson (scope 'one') or it and the following pending lessons of its series ('following') to a substitute teacher, or back to the class's teacher (teacher_id null) (admin, staff): the substitute must be free then; the people concerned are told",
          params: lessonParams,
          body: substituteInput,
          response: { 200: lessonSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_schedule');
        const scheduleId = await giveLessonToSubstitute(ctx, actor, {
          scheduleId: request.params.scheduleId,
          substitute: request.body,
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
