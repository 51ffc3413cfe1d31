// Attendance: per lesson and per class for the class's teacher, admin and staff
// (view_class_students), marked by hand by the same people (mark_attendance), one student or all
// present at once; a student's own across their classes; a class's grid as CSV or .xlsx.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTENDANCE_STATUSES,
  classAttendanceSchema,
  lessonAttendanceSchema,
  myAttendanceSchema,
  studentAttendanceSchema,
} from '#common/attendance.ts';
import { canManageRole, hasPermission } from '#common/permissions.ts';
import { errorReplies, idParam, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { assertMayExport } from '#server/features/center-settings/index.ts';
import { findVisibleClass } from '#server/features/classes/index.ts';
import { documentText, languageOf } from '#server/lib/document-texts.ts';
import { isParentOf } from '#server/lib/family.ts';
import { attachment } from '#server/lib/spreadsheet.ts';
import { attendanceCsv, attendanceXlsx } from './export.ts';
import { markAllPresent, markAttendance } from './mark-attendance.ts';
import {
  classAttendance,
  lessonAttendance,
  myAttendance,
  studentAttendance,
} from './read-attendance.ts';

export const attendanceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.get(
      '/schedules/:scheduleId/attendance',
      {
        schema: {
          tags: ['attendance'],
          summary:
            "A lesson's attendance: each enrolled student's first join, last leave, minutes and status (teacher of the class, admin, staff)",
          params: z.object({ scheduleId: idParam }),
          response: { 200: lessonAttendanceSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = userWithPermission(request, 'view_class_students');
        return lessonAttendance(ctx, viewer, request.params.scheduleId);
      },
    );

    app.put(
      '/schedules/:scheduleId/attendance/:studentId',
      {
        schema: {
          tags: ['attendance'],
          summary:
            "Mark a student's status in a lesson by hand, from its start time on (null: takes the mark back; what the meeting reported counts again)",
          params: z.object({ scheduleId: idParam, studentId: idParam }),
          body: z.object({ status: z.enum(ATTENDANCE_STATUSES).nullable() }),
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const { status } = request.body;
        await markAttendance(ctx, currentUser(request), { ...request.params, status });
        return {
          ok: true as const,
          code:
            status === null
              ? ('ATTENDANCE_CORRECTION_CLEARED' as const)
              : ('ATTENDANCE_CORRECTED' as const),
        };
      },
    );

    app.post(
      '/schedules/:scheduleId/attendance/all-present',
      {
        schema: {
          tags: ['attendance'],
          summary:
            'Mark present every student of the lesson with no status yet, in one transaction (a repeat marks no one; marks already made stay)',
          params: z.object({ scheduleId: idParam }),
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const count = await markAllPresent(ctx, currentUser(request), request.params.scheduleId);
        return count === 0
          ? { ok: true as const, code: 'ATTENDANCE_ALL_MARKED_ALREADY' as const }
          : {
              ok: true as const,
              code: 'ATTENDANCE_ALL_PRESENT' as const,
              params: { count: String(count) },
            };
      },
    );

    app.get(
      '/classes/:classId/attendance',
      {
        schema: {
          tags: ['attendance'],
          summary: "A class's attendance: students × lessons with each student's rate",
          params: z.object({ classId: idParam }),
          response: { 200: classAttendanceSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = userWithPermission(request, 'view_class_students');
        const klass = await findVisibleClass(db, viewer, request.params.classId);
        return classAttendance(ctx, klass.class_id);
      },
    );

    app.get(
      '/classes/:classId/attendance/export',
      {
        schema: {
          tags: ['attendance'],
          summary: "A class's attendance as CSV (UTF-8 with BOM) or .xlsx",
          params: z.object({ classId: idParam }),
          querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
          response: { 200: z.any(), ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = userWithPermission(request, 'view_class_students');
        const klass = await findVisibleClass(db, viewer, request.params.classId);
        await assertMayExport(db, viewer);
        const grid = await classAttendance(ctx, klass.class_id);
        const zone = ctx.config.centerTimezone;
        const language = languageOf(viewer.language);
        const name = documentText(language, 'attendance.fileName', { class: klass.class_name });
        // The reply is the file itself.
        reply.serializer((payload: unknown) => payload as string);
        if (request.query.format === 'xlsx') {
          reply
            .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .header('content-disposition', attachment(`${name}.xlsx`));
          return attendanceXlsx(grid, zone, language, klass.class_name);
        }
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment(`${name}.csv`));
        return attendanceCsv(grid, zone, language);
      },
    );

    app.get(
      '/attendance/me',
      {
        schema: {
          tags: ['attendance'],
          summary: "The signed-in student's attendance across their classes",
          response: { 200: myAttendanceSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        // A parent has no attendance of their own; their children's is on their own pages.
        if (hasPermission(viewer.role, 'view_own_children')) throw new AppError('FORBIDDEN');
        return myAttendance(ctx, viewer);
      },
    );

    app.get(
      '/users/:userId/attendance',
      {
        schema: {
          tags: ['attendance'],
          summary:
            "A student's attendance across their classes, those they left included (admin, staff; a parent their own child's)",
          params: z.object({ userId: idParam }),
          response: { 200: studentAttendanceSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        // A parent reads their own child's (issue 29); anyone else's is refused before any read.
        const parentOfChild =
          hasPermission(viewer.role, 'view_own_children') &&
          (await isParentOf(db, viewer.user_id, request.params.userId));
        if (!parentOfChild && !canManageRole(viewer.role, 'student')) {
          throw new AppError('FORBIDDEN');
        }
        const student = await db
          .selectFrom('users')
          .select('user_id')
          .where('user_id', '=', request.params.userId)
          .where('role', '=', 'student')
          .executeTakeFirst();
        if (!student) throw new AppError('NOT_FOUND');
        return studentAttendance(ctx, student.user_id);
      },
    );
  };
