// Lesson reports and homework (docs/decisions/037-lesson-reports.md): a lesson's report as the
// viewer may see it, writing or correcting it, and the 'Nhận xét buổi học' page's list.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkDateRange, dateRangeRefinement } from '#common/lesson-filters.ts';
import {
  lessonReportListQuery,
  lessonReportListSchema,
  lessonReportSchema,
  saveLessonReportInput,
} from '#common/lesson-reports.ts';
import { noticeSchema } from '#common/notice.ts';
import { hasPermission } from '#common/permissions.ts';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { currentUser } from '#server/features/auth/index.ts';
import { listLessonReports } from './list-reports.ts';
import { readLessonReport } from './read-report.ts';
import { saveLessonReport } from './save-report.ts';

const lessonParams = z.object({ scheduleId: idParam });

export const lessonReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/schedules/:scheduleId/report',
      {
        schema: {
          tags: ['lesson-reports'],
          summary:
            "A lesson's report and homework: whoever sees the lesson; a student only their own note, a parent only their children's",
          params: lessonParams,
          response: { 200: lessonReportSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        if (!hasPermission(viewer.role, 'view_lesson_reports')) throw new AppError('FORBIDDEN');
        return readLessonReport(ctx, viewer, request.params.scheduleId);
      },
    );

    app.put(
      '/schedules/:scheduleId/report',
      {
        schema: {
          tags: ['lesson-reports'],
          summary:
            "Write or correct a held lesson's report (whoever taught it: its substitute when covered; admin, staff); the first writing notifies its students and their parents",
          params: lessonParams,
          body: saveLessonReportInput,
          response: { 200: lessonReportSchema.extend(noticeSchema.shape), ...errorReplies },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const saved = await saveLessonReport(ctx, actor, request.params.scheduleId, request.body);
        return { ...saved, code: 'LESSON_REPORT_SAVED' as const };
      },
    );

    app.get(
      '/lesson-reports',
      {
        schema: {
          tags: ['lesson-reports'],
          summary:
            "Held lessons' reports, newest first: a student's, a parent's children's, a teacher's lessons (missing or written), the lessons still without one for admin and staff",
          querystring: lessonReportListQuery.refine(checkDateRange, dateRangeRefinement),
          response: { 200: lessonReportListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        if (!hasPermission(viewer.role, 'view_lesson_reports')) throw new AppError('FORBIDDEN');
        return listLessonReports(ctx, viewer, request.query);
      },
    );
  };
