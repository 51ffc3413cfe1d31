// Recurring lessons (a term planned in one go): preview and create a series in a class, change or
// delete "this and following lessons" of one. Admin and staff (create_schedule), as for one lesson.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeFollowingLessonsInput,
  createLessonSeriesInput,
  followingChangedSchema,
  lessonSeriesInput,
  seriesCreatedSchema,
  seriesPreviewSchema,
} from '#common/lesson-series.ts';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { idempotencyKeyOf } from '#server/lib/operations/idempotent.ts';
import { changeFollowingLessons, deleteFollowingLessons } from './change-following-lessons.ts';
import { createSeries, previewSeries } from './lesson-series.ts';

const classParams = z.object({ classId: idParam });

/** What the created series' notice says it left out: clashing lessons, closed days, both. */
function seriesCreatedCode(skipped: number, closed: number) {
  if (closed === 0) return skipped > 0 ? 'SERIES_CREATED_SKIPPED' : 'SERIES_CREATED';
  return skipped > 0 ? 'SERIES_CREATED_SKIPPED_CLOSED' : 'SERIES_CREATED_CLOSED';
}
const lessonParams = z.object({ scheduleId: idParam });

export const seriesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/classes/:classId/schedule-series/preview',
      {
        schema: {
          tags: ['schedules'],
          summary: 'Every lesson a series would create, with clashes marked (nothing is written)',
          params: classParams,
          body: lessonSeriesInput,
          response: { 200: seriesPreviewSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_schedule');
        return previewSeries(ctx, actor, request.params.classId, request.body);
      },
    );

    app.post(
      '/classes/:classId/schedule-series',
      {
        schema: {
          tags: ['schedules'],
          summary:
            'Create a series of lessons in one transaction (Idempotency-Key: a retry creates it once)',
          params: classParams,
          body: createLessonSeriesInput,
          response: { 201: seriesCreatedSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'create_schedule');
        const created = await createSeries(ctx, actor, {
          classId: request.params.classId,
          series: request.body,
          idempotencyKey: idempotencyKeyOf(request),
        });
        reply.code(201);
        const { skipped, closed } = created;
        const params = {
          count: String(created.created),
          skipped: String(skipped),
          closed: String(closed),
        };
        return { ...created, code: seriesCreatedCode(skipped, closed), params };
      },
    );

    app.patch(
      '/schedules/:scheduleId/following',
      {
        schema: {
          tags: ['schedules'],
          summary:
            'Change the topic pattern, time or length of this lesson and the pending ones after it in its series',
          params: lessonParams,
          body: changeFollowingLessonsInput,
          response: { 200: followingChangedSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_schedule');
        const changed = await changeFollowingLessons(ctx, actor, {
          scheduleId: request.params.scheduleId,
          change: request.body,
        });
        const count = changed.lessonIds.length;
        return {
          count,
          code: 'SERIES_FOLLOWING_UPDATED' as const,
          params: { count: String(count) },
        };
      },
    );

    app.delete(
      '/schedules/:scheduleId/following',
      {
        schema: {
          tags: ['schedules'],
          summary: 'Delete this lesson and the pending ones after it in its series',
          params: lessonParams,
          response: { 200: followingChangedSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_schedule');
        const deleted = await deleteFollowingLessons(ctx, actor, {
          scheduleId: request.params.scheduleId,
        });
        const count = deleted.lessonIds.length;
        return {
          count,
          code: 'SERIES_FOLLOWING_DELETED' as const,
          params: { count: String(count) },
        };
      },
    );
  };
