// Classes (product.md §2 Classes, class details; §5; §6): list, detail, create, update, soft
// delete, and enrolment.

import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE } from '#common/constants.ts';
import {
  classListSchema,
  classSchema,
  enrolledStudentSchema,
  personOptionSchema,
} from '#common/dto.ts';
import { EVENT } from '#common/events.ts';
import { messages } from '#common/messages.ts';
import { createClassInput, enrolInput, isRealDate, updateClassInput } from '#common/schemas.ts';
import { errorReplies, idParam, okReply, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, userWithPermission } from '#server/features/auth/guards.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { findKeyedResource, idempotencyKeyOf, rememberKey } from '#server/http/idempotency.ts';
import { localDate } from '#server/lib/center-time.ts';
import { classesWithDetails, findVisibleClass, toClassDto } from './queries.ts';

/** A day that exists: PostgreSQL refuses 2024-02-30 with an error, SQLite would compare it. */
const dateFilter = z.string().refine(isRealDate, messages.VALIDATION).optional();

const classParams = z.object({ classId: idParam });

/** Admin and staff manage classes: create, edit, delete, enrol (§6). */
function classManager(request: Parameters<typeof currentUser>[0]): SessionUser {
  return userWithPermission(request, 'create_class');
}

export const classRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const zone = ctx.config.centerTimezone;
    const announce = (classId: string) =>
      ctx.events.publish({ type: EVENT.classes, data: { class_id: classId } });

    const assertActiveTeacher = async (teacherId: string) => {
      const teacher = await db
        .selectFrom('users')
        .select('user_id')
        .where('user_id', '=', teacherId)
        .where('role', '=', 'teacher')
        .where('is_active', '=', true)
        .executeTakeFirst();
      if (!teacher) throw new AppError('CLASS_TEACHER_REQUIRED', { field: 'teacher_id' });
    };

    app.get(
      '/classes',
      {
        schema: {
          tags: ['classes'],
          summary:
            'Classes the caller may see (admin/staff all, teacher own, student enrolled), newest first, 10 per page',
          querystring: z.object({ page: pageQuery, from: dateFilter, to: dateFilter }),
          response: { 200: classListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const { page, from, to } = request.query;
        let base = classesWithDetails(db, viewer);
        // A class matches the filter when its period overlaps [from, to].
        if (from) base = base.where('c.end_date', '>=', from);
        if (to) base = base.where('c.start_date', '<=', to);
        const [rows, count] = await Promise.all([
          base
            .orderBy('c.created_at', 'desc')
            .orderBy('c.class_id')
            .limit(PAGE_SIZE)
            .offset((page - 1) * PAGE_SIZE)
            .execute(),
          base
            .clearSelect()
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .executeTakeFirstOrThrow(),
        ]);
        return {
          items: rows.map(toClassDto),
          total: Number(count.total),
          page,
          pageSize: PAGE_SIZE,
        };
      },
    );

    app.get(
      '/classes/teacher-options',
      {
        schema: {
          tags: ['classes'],
          summary: 'Active teachers a class can be given, by name (admin, staff)',
          response: { 200: z.object({ items: z.array(personOptionSchema) }), ...errorReplies },
        },
      },
      async (request) => {
        classManager(request);
        const items = await db
          .selectFrom('users')
          .select(['user_id', 'full_name', 'username', 'email', 'avatar_url'])
          .where('role', '=', 'teacher')
          .where('is_active', '=', true)
          .orderBy('full_name')
          .limit(1000)
          .execute();
        return { items };
      },
    );

    app.get(
      '/classes/:classId',
      {
        schema: {
          tags: ['classes'],
          summary: 'One class the caller may see',
          params: classParams,
          response: { 200: classSchema, ...errorReplies },
        },
      },
      async (request) => findVisibleClass(db, currentUser(request), request.params.classId),
    );

    app.post(
      '/classes',
      {
        schema: {
          tags: ['classes'],
          summary: 'Create a class (admin, staff)',
          body: createClassInput,
          response: { 201: classSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = classManager(request);
        const input = request.body;
        await assertActiveTeacher(input.teacher_id);
        const now = ctx.clock.now().toISOString();
        const classId = randomUUID();
        await db
          .insertInto('classes')
          .values({
            class_id: classId,
            class_name: input.class_name,
            description: input.description ?? null,
            teacher_id: input.teacher_id,
            start_date: input.start_date,
            end_date: input.end_date,
            created_by: actor.user_id,
            is_active: true,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await announce(classId);
        reply.code(201);
        return findVisibleClass(db, actor, classId);
      },
    );

    app.put(
      '/classes/:classId',
      {
        schema: {
          tags: ['classes'],
          summary: 'Update a class (admin, staff); its lessons must still fall inside its dates',
          params: classParams,
          body: updateClassInput,
          response: { 200: classSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = classManager(request);
        const { classId } = request.params;
        const input = request.body;
        await findVisibleClass(db, actor, classId);
        await assertActiveTeacher(input.teacher_id);
        await db.transaction().execute(async (trx) => {
          const span = await trx
            .selectFrom('schedules')
            .select((eb) => [eb.fn.min('start_time').as('first'), eb.fn.max('end_time').as('last')])
            .where('class_id', '=', classId)
            .executeTakeFirst();
          if (
            (span?.first && localDate(new Date(span.first), zone) < input.start_date) ||
            (span?.last && localDate(new Date(span.last), zone) > input.end_date)
          ) {
            throw new AppError('CLASS_LESSONS_OUTSIDE_DATES', { field: 'start_date' });
          }
          await trx
            .updateTable('classes')
            .set({
              class_name: input.class_name,
              description: input.description ?? null,
              teacher_id: input.teacher_id,
              start_date: input.start_date,
              end_date: input.end_date,
              updated_at: ctx.clock.now().toISOString(),
            })
            .where('class_id', '=', classId)
            .execute();
        });
        await announce(classId);
        return findVisibleClass(db, actor, classId);
      },
    );

    app.delete(
      '/classes/:classId',
      {
        schema: {
          tags: ['classes'],
          summary: 'Soft-delete a class (admin, staff)',
          params: classParams,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = classManager(request);
        const { classId } = request.params;
        await findVisibleClass(db, actor, classId);
        await db
          .updateTable('classes')
          .set({ is_active: false, updated_at: ctx.clock.now().toISOString() })
          .where('class_id', '=', classId)
          .execute();
        await announce(classId);
        return { ok: true as const, message: messages.CLASS_DELETED };
      },
    );

    // Enrolment

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
        const items = await db
          .selectFrom('class_students as cs')
          .innerJoin('users as u', 'u.user_id', 'cs.student_id')
          .select([
            'u.user_id',
            'u.full_name',
            'u.username',
            'u.email',
            'u.avatar_url',
            'cs.enrolled_at',
          ])
          .where('cs.class_id', '=', classId)
          .orderBy('u.full_name')
          .execute();
        return { items };
      },
    );

    app.get(
      '/classes/:classId/student-options',
      {
        schema: {
          tags: ['classes'],
          summary: 'Active students not yet in the class (admin, staff), optionally matching q',
          params: classParams,
          querystring: z.object({ q: z.string().trim().max(100).optional() }),
          response: { 200: z.object({ items: z.array(personOptionSchema) }), ...errorReplies },
        },
      },
      async (request) => {
        const actor = classManager(request);
        const { classId } = request.params;
        await findVisibleClass(db, actor, classId);
        let query = db
          .selectFrom('users as u')
          .select(['u.user_id', 'u.full_name', 'u.username', 'u.email', 'u.avatar_url'])
          .where('u.role', '=', 'student')
          .where('u.is_active', '=', true)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('class_students as cs')
                  .select('cs.student_id')
                  .whereRef('cs.student_id', '=', 'u.user_id')
                  .where('cs.class_id', '=', classId),
              ),
            ),
          );
        const q = request.query.q?.toLowerCase();
        if (q) {
          // LIKE wildcards typed by the user are dropped rather than escaped (SQLite and
          // PostgreSQL escape differently).
          const pattern = `%${q.replace(/[\\%_]/g, '')}%`;
          query = query.where((eb) =>
            eb.or([
              eb(eb.fn('lower', ['u.full_name']), 'like', eb.val(pattern)),
              eb('u.email', 'like', pattern),
            ]),
          );
        }
        const items = await query.orderBy('u.full_name').limit(50).execute();
        return { items };
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
          response: { 200: z.object({ added: z.number(), message: z.string() }), ...errorReplies },
        },
      },
      async (request) => {
        const actor = classManager(request);
        const { classId } = request.params;
        await findVisibleClass(db, actor, classId);
        const ids = [...new Set(request.body.student_ids)];
        const now = ctx.clock.now().toISOString();
        const key = idempotencyKeyOf(request);
        const keyScope = `enrolment:${classId}`;
        const replay = { added: ids.length, message: messages.ENROL_ADDED };
        // A retry of an enrolment that already happened answers as the first one did.
        if (key && (await findKeyedResource(db, actor.user_id, key, keyScope))) return replay;
        try {
          await db.transaction().execute(async (trx) => {
            const students = await trx
              .selectFrom('users')
              .select('user_id')
              .where('user_id', 'in', ids)
              .where('role', '=', 'student')
              .where('is_active', '=', true)
              .execute();
            if (students.length !== ids.length)
              throw new AppError('ENROL_NOT_STUDENT', { field: 'student_ids' });
            const already = await trx
              .selectFrom('class_students')
              .select('student_id')
              .where('class_id', '=', classId)
              .where('student_id', 'in', ids)
              .execute();
            if (already.length) throw new AppError('ENROL_ALREADY', { field: 'student_ids' });
            await trx
              .insertInto('class_students')
              .values(
                ids.map((student_id) => ({ class_id: classId, student_id, enrolled_at: now })),
              )
              .execute();
            if (key) {
              await rememberKey(trx, {
                userId: actor.user_id,
                key,
                scope: keyScope,
                resourceId: ids.join(','),
                now: new Date(now),
              });
            }
          });
        } catch (error) {
          if (key && (await findKeyedResource(db, actor.user_id, key, keyScope))) return replay;
          if (isUniqueViolation(error)) throw new AppError('ENROL_ALREADY');
          throw error;
        }
        await announce(classId);
        return { added: ids.length, message: messages.ENROL_ADDED };
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
        const actor = classManager(request);
        const { classId, studentId } = request.params;
        await findVisibleClass(db, actor, classId);
        const result = await db
          .deleteFrom('class_students')
          .where('class_id', '=', classId)
          .where('student_id', '=', studentId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw new AppError('ENROL_NOT_FOUND');
        await announce(classId);
        return { ok: true as const, message: messages.ENROL_REMOVED };
      },
    );
  };
