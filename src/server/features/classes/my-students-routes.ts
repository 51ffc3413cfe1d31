// The students of the classes a user may see, each with those classes: what a teacher sees under
// the Students menu (product.md §6 view_class_students, read-only). Admin and staff get every
// class's students; the management page remains theirs.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classStudentListSchema } from '#common/classes.ts';
import { searchQuery, sortQuery, USER_SORT_KEYS } from '#common/search.ts';
import { errorReplies, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { studentsOfVisibleClasses } from './class-students-list.ts';

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
            'Students of the classes the caller may see, with those classes, by name, 10 per page (teacher: own classes; admin, staff: all); q searches without accents',
          querystring: z.object({
            page: pageQuery,
            q: searchQuery,
            sort: sortQuery(USER_SORT_KEYS, 'name'),
          }),
          response: { 200: classStudentListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = userWithPermission(request, 'view_class_students');
        return studentsOfVisibleClasses(db, viewer, request.query);
      },
    );
  };
