// Attendance (the attendance issue): per lesson and per class for the class's teacher, admin and
// staff (view_class_students), with corrections by hand; a student's own across their classes;
// a class's grid as CSV or .xlsx.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTENDANCE_STATUSES,
  type ClassAttendanceDto,
  classAttendanceSchema,
  lessonAttendanceSchema,
  myAttendanceSchema,
} from '#common/attendance.ts';
import { EVENT } from '#common/events.ts';
import { errorReplies, idParam, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, userWithPermission } from '#server/features/auth/guards.ts';
import { findVisibleClass } from '#server/features/classes/queries.ts';
import { findVisibleSchedule } from '#server/features/schedules/queries.ts';
import { documentText, languageOf } from '#server/lib/document-texts.ts';
import { attachment } from '#server/lib/spreadsheet.ts';
import { attendanceOf, attendanceRate, type LessonTimes } from './attendance.ts';
import { attendanceCsv, attendanceXlsx } from './export.ts';

const LESSON_COLUMNS = [
  'schedule_id',
  'topic',
  'start_time',
  'end_time',
  'status',
  'updated_at',
] as const;

export const attendanceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const rules = () => ctx.config.attendance;

    /** The class's lessons in time order, with what attendance needs. */
    const lessonsOfClass = (classId: string) =>
      db
        .selectFrom('schedules')
        .select(LESSON_COLUMNS)
        .where('class_id', '=', classId)
        .orderBy('start_time')
        .orderBy('schedule_id')
        .execute();

    const classGrid = async (classId: string): Promise<ClassAttendanceDto> => {
      const lessons = await lessonsOfClass(classId);
      const { students: enrolled, byLesson } = await attendanceOf(
        db,
        classId,
        lessons,
        ctx.clock.now(),
        rules(),
      );
      const students = enrolled.map((student, index) => {
        const statuses = lessons.map(
          (lesson) => byLesson.get(lesson.schedule_id)?.[index]?.status ?? null,
        );
        return {
          student_id: student.student_id,
          full_name: student.full_name,
          statuses,
          rate: attendanceRate(statuses),
        };
      });
      return {
        lessons: lessons.map((l) => ({
          schedule_id: l.schedule_id,
          topic: l.topic,
          start_time: new Date(l.start_time).toISOString(),
        })),
        students,
      };
    };

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
        const lesson = await findVisibleSchedule(db, viewer, request.params.scheduleId);
        const times: LessonTimes = {
          schedule_id: lesson.schedule_id,
          start_time: lesson.start_time,
          end_time: lesson.end_time,
          status: lesson.status,
          updated_at: lesson.updated_at,
        };
        const { byLesson: entries } = await attendanceOf(
          db,
          lesson.class_id,
          [times],
          ctx.clock.now(),
          rules(),
        );
        return {
          schedule_id: lesson.schedule_id,
          topic: lesson.topic,
          start_time: new Date(lesson.start_time).toISOString(),
          end_time: new Date(lesson.end_time).toISOString(),
          lesson_status: lesson.status,
          present_percent: rules().presentPercent,
          late_minutes: rules().lateMs / 60_000,
          students: entries.get(lesson.schedule_id) ?? [],
        };
      },
    );

    app.put(
      '/schedules/:scheduleId/attendance/:studentId',
      {
        schema: {
          tags: ['attendance'],
          summary:
            "Correct a student's status in a lesson by hand (null: back to what Zoom reported)",
          params: z.object({ scheduleId: idParam, studentId: idParam }),
          body: z.object({ status: z.enum(ATTENDANCE_STATUSES).nullable() }),
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'view_class_students');
        const lesson = await findVisibleSchedule(db, actor, request.params.scheduleId);
        if (lesson.status !== 'active' && lesson.status !== 'completed') {
          throw new AppError('ATTENDANCE_NOT_BEGUN');
        }
        const { studentId } = request.params;
        const enrolled = await db
          .selectFrom('class_students')
          .select('student_id')
          .where('class_id', '=', lesson.class_id)
          .where('student_id', '=', studentId)
          .executeTakeFirst();
        if (!enrolled) throw new AppError('ATTENDANCE_NOT_ENROLLED');
        const { status } = request.body;
        if (status === null) {
          await db
            .deleteFrom('attendance_corrections')
            .where('schedule_id', '=', lesson.schedule_id)
            .where('student_id', '=', studentId)
            .execute();
        } else {
          const row = {
            schedule_id: lesson.schedule_id,
            student_id: studentId,
            status,
            corrected_by: actor.user_id,
            corrected_at: ctx.clock.now().toISOString(),
          };
          await db
            .insertInto('attendance_corrections')
            .values(row)
            .onConflict((oc) =>
              oc.columns(['schedule_id', 'student_id']).doUpdateSet({
                status,
                corrected_by: actor.user_id,
                corrected_at: row.corrected_at,
              }),
            )
            .execute();
        }
        await ctx.events.publish({
          type: EVENT.schedules,
          data: { class_id: lesson.class_id, schedule_id: lesson.schedule_id },
        });
        return {
          ok: true as const,
          code:
            status === null
              ? ('ATTENDANCE_CORRECTION_CLEARED' as const)
              : ('ATTENDANCE_CORRECTED' as const),
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
        return classGrid(klass.class_id);
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
        const grid = await classGrid(klass.class_id);
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
        const classes = await db
          .selectFrom('class_students as cs')
          .innerJoin('classes as c', 'c.class_id', 'cs.class_id')
          .select(['c.class_id', 'c.class_name'])
          .where('cs.student_id', '=', viewer.user_id)
          .where('c.is_active', '=', true)
          .orderBy('c.class_name')
          .execute();
        const result = [];
        for (const klass of classes) {
          const lessons = await lessonsOfClass(klass.class_id);
          const { byLesson } = await attendanceOf(
            db,
            klass.class_id,
            lessons,
            ctx.clock.now(),
            rules(),
          );
          const mine = lessons.map((lesson) => {
            const entry = byLesson
              .get(lesson.schedule_id)
              ?.find((e) => e.student_id === viewer.user_id);
            return {
              schedule_id: lesson.schedule_id,
              topic: lesson.topic,
              start_time: new Date(lesson.start_time).toISOString(),
              status: entry?.status ?? null,
              minutes: entry?.minutes ?? 0,
            };
          });
          result.push({
            class_id: klass.class_id,
            class_name: klass.class_name,
            lessons: mine,
            rate: attendanceRate(mine.map((l) => l.status)),
          });
        }
        return { classes: result };
      },
    );
  };
