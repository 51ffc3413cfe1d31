// The students of the classes a user may see, each with those classes: what a teacher sees under
// the Students menu (product.md §6 view_class_students, read-only). Admin and staff get every
// class's students; the management page remains theirs.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE } from '#common/constants.ts';
import { classStudentListSchema } from '#common/dto.ts';
import { errorReplies, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { userWithPermission } from '#server/features/auth/guards.ts';
import { visibleClasses } from './visibility.ts';

export const myStudentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    app.get(
      '/class-students',
      {
        schema: {
          tags: ['classes'],
          summary:
            'Students of the classes the caller may see, with those classes, by name, 10 per page (teacher: own classes; admin, staff: all)',
          querystring: z.object({ page: pageQuery }),
          response: { 200: classStudentListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = userWithPermission(request, 'view_class_students');
        const { page } = request.query;
        const classIds = visibleClasses(db, viewer).select('c.class_id');
        const students = db
          .selectFrom('users as u')
          .where('u.is_active', '=', true)
          .where('u.role', '=', 'student')
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('class_students as cs')
                .select('cs.student_id')
                .whereRef('cs.student_id', '=', 'u.user_id')
                .where('cs.class_id', 'in', classIds),
            ),
          );
        const [rows, count] = await Promise.all([
          students
            .select(['u.user_id', 'u.full_name', 'u.email', 'u.avatar_url'])
            .orderBy('u.full_name')
            .orderBy('u.user_id')
            .limit(PAGE_SIZE)
            .offset((page - 1) * PAGE_SIZE)
            .execute(),
          students.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        ]);
        // The classes of this page's students, in one query.
        const enrolments = rows.length
          ? await db
              .selectFrom('class_students as cs')
              .innerJoin('classes as k', 'k.class_id', 'cs.class_id')
              .select(['cs.student_id', 'k.class_id', 'k.class_name'])
              .where(
                'cs.student_id',
                'in',
                rows.map((r) => r.user_id),
              )
              .where('cs.class_id', 'in', classIds)
              .orderBy('k.class_name')
              .execute()
          : [];
        return {
          items: rows.map((row) => ({
            ...row,
            classes: enrolments
              .filter((e) => e.student_id === row.user_id)
              .map(({ class_id, class_name }) => ({ class_id, class_name })),
          })),
          total: Number(count.n),
          page,
          pageSize: PAGE_SIZE,
        };
      },
    );
  };
