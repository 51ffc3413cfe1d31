// A class's students (product.md §2 class details, §6): who is enrolled, who could be, enrol, remove.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enrolInput, enrolledStudentSchema } from '#common/classes.ts';
import { noticeSchema } from '#common/notice.ts';
import { searchQuery } from '#common/search.ts';
import { personOptionSchema } from '#common/users.ts';
import { errorReplies, idParam, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { idempotencyKeyOf } from '#server/lib/operations/idempotent.ts';
import { classParams } from './class-routes.ts';
import { enrolStudents, removeStudent } from './enrolment.ts';
import { classStudents, findVisibleClass, studentOptions } from './queries.ts';

export const enrolmentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.get(
      '/classes/:classId/students',
      {
        schema: {
          tags: ['classes'],
          summary: "A class's students (admin, staff, and the class's teacher)",
          params: classParams,
          response: { 200: z.object({ items: z.array(enrolledStudentSchema) }), ...errorReplies },
        },
      },
      async (request) => {
        const viewer = userWithPermission(request, 'view_class_students');
        const { classId } = request.params;
        await findVisibleClass(db, viewer, classId);
        return { items: await classStudents(db, classId) };
      },
    );

    app.get(
      '/classes/:classId/student-options',
      {
        schema: {
          tags: ['classes'],
          summary:
            'Active students not yet in the class (admin, staff), optionally matching q without accents',
          params: classParams,
          querystring: z.object({ q: searchQuery }),
          response: { 200: z.object({ items: z.array(personOptionSchema) }), ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_class');
        const { classId } = request.params;
        await findVisibleClass(db, actor, classId);
        return { items: await studentOptions(db, classId, request.query.q) };
      },
    );

    app.post(
      '/classes/:classId/students',
      {
        schema: {
          tags: ['classes'],
          summary: 'Enrol active students (admin, staff); one already enrolled is refused',
          params: classParams,
          body: enrolInput,
          response: { 200: noticeSchema.extend({ added: z.number() }), ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_class');
        const added = await enrolStudents(ctx, actor, {
          classId: request.params.classId,
          studentIds: request.body.student_ids,
          idempotencyKey: idempotencyKeyOf(request),
        });
        return { added, code: 'ENROL_ADDED' as const };
      },
    );

    app.delete(
      '/classes/:classId/students/:studentId',
      {
        schema: {
          tags: ['classes'],
          summary: 'Remove a student from a class (admin, staff)',
          params: z.object({ classId: idParam, studentId: idParam }),
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_class');
        await removeStudent(ctx, actor, request.params);
        return { ok: true as const, code: 'ENROL_REMOVED' as const };
      },
    );
  };
