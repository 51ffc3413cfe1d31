// A parent's own routes (issue 29, docs/decisions/036-parents.md): their children, and each
// child's lessons. A child's attendance, invoices, account and VietQR are the student's own routes,
// which take the child's id (/users/:userId/attendance, /invoices?student_id=,
// /students/:studentId/account and /qr) and check it the same way.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { childLessonsSchema, childListSchema } from '#common/family.ts';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { childLessons, listChildren } from './children.ts';

export const familyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/family/children',
      {
        schema: {
          tags: ['family'],
          summary: "The signed-in parent's children: their classes and tuition balance (parent)",
          response: { 200: childListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const parent = userWithPermission(request, 'view_own_children');
        return { items: await listChildren(ctx, parent) };
      },
    );

    app.get(
      '/family/children/:studentId/lessons',
      {
        schema: {
          tags: ['family'],
          summary:
            "A child's lessons from 60 days back on, in time order, never with a meeting link (the child's parent)",
          params: z.object({ studentId: idParam }),
          response: { 200: childLessonsSchema, ...errorReplies },
        },
      },
      async (request) => {
        const parent = userWithPermission(request, 'view_own_children');
        return childLessons(ctx, parent, request.params.studentId);
      },
    );
  };
