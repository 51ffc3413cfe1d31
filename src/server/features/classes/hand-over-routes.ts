// Before a teacher is deleted (product.md, Deviations): their active classes, and handing them all to
// another teacher. Admin and staff, as for deleting a teacher.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handOverClassesInput, teacherClassListSchema } from '#common/classes.ts';
import { noticeSchema } from '#common/notice.ts';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser } from '#server/features/auth/index.ts';
import { activeClassesOf, handOverClasses, teacherOfClasses } from './hand-over-classes.ts';

const userParams = z.object({ userId: idParam });

export const handOverRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.get(
      '/users/:userId/active-classes',
      {
        schema: {
          tags: ['users'],
          summary: "A teacher's active classes, by name (admin, staff)",
          params: userParams,
          response: { 200: teacherClassListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const teacher = await teacherOfClasses(db, currentUser(request), request.params.userId);
        return { items: await activeClassesOf(db, teacher.user_id) };
      },
    );

    app.post(
      '/users/:userId/hand-over-classes',
      {
        schema: {
          tags: ['users'],
          summary:
            "Hand every active class of a teacher to another active teacher; refused when a pending lesson would clash with the new teacher's lessons (admin, staff)",
          params: userParams,
          body: handOverClassesInput,
          response: { 200: noticeSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const moved = await handOverClasses(ctx, actor, request.params.userId, request.body);
        return {
          code: 'CLASSES_HANDED_OVER' as const,
          params: { count: String(moved.count), teacher: moved.teacher },
        };
      },
    );
  };
