// Parents' accounts and links (issue 29 point 1, docs/decisions/036-parents.md), for admin and
// staff (manage_parents): a student's parents, a new parent linked in one step, an existing parent
// linked (siblings), unlinked; and the Parents page's list with each parent's children.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '#common/notice.ts';
import {
  createdParentSchema,
  createParentInput,
  linkedParentsSchema,
  linkedReplySchema,
  parentListSchema,
} from '#common/parents.ts';
import { searchQuery, sortQuery, USER_SORT_KEYS } from '#common/search.ts';
import { errorReplies, idParam, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser } from '#server/features/auth/index.ts';
import {
  createParentFor,
  linkParent,
  listParents,
  listStudentParents,
  unlinkParent,
} from './parents.ts';

const studentParams = z.object({ studentId: idParam });
const linkParams = z.object({ studentId: idParam, parentId: idParam });

export const parentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/parents',
      {
        schema: {
          tags: ['parents'],
          summary:
            "Active parents, 10 per page, with each one's children; q searches name and email (admin, staff)",
          querystring: z.object({
            page: pageQuery,
            q: searchQuery,
            sort: sortQuery(USER_SORT_KEYS, '-created_at'),
          }),
          response: { 200: parentListSchema, ...errorReplies },
        },
      },
      async (request) => listParents(ctx, currentUser(request), request.query),
    );

    app.get(
      '/students/:studentId/parents',
      {
        schema: {
          tags: ['parents'],
          summary: "A student's parents (at most two), first linked first (admin, staff)",
          params: studentParams,
          response: { 200: linkedParentsSchema, ...errorReplies },
        },
      },
      async (request) => ({
        items: await listStudentParents(ctx, currentUser(request), request.params.studentId),
      }),
    );

    app.post(
      '/students/:studentId/parents',
      {
        schema: {
          tags: ['parents'],
          summary:
            "Create a parent's account (name, e-mail, phone) and link it to the student; the first password is returned once (admin, staff)",
          params: studentParams,
          body: createParentInput,
          response: { 201: createdParentSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const result = await createParentFor(
          ctx,
          currentUser(request),
          request.params.studentId,
          request.body,
        );
        reply.code(201);
        return {
          ...result,
          code: 'PARENT_CREATED' as const,
          params: { password: result.password },
        };
      },
    );

    app.put(
      '/students/:studentId/parents/:parentId',
      {
        schema: {
          tags: ['parents'],
          summary:
            'Link an existing parent to the student (a sibling shares a parent); linking twice changes nothing (admin, staff)',
          params: linkParams,
          response: { 200: linkedReplySchema, ...errorReplies },
        },
      },
      async (request) => {
        const { studentId, parentId } = request.params;
        const linked = await linkParent(ctx, currentUser(request), studentId, parentId);
        return {
          linked,
          code: linked ? ('PARENT_LINKED' as const) : ('PARENT_ALREADY_LINKED' as const),
        };
      },
    );

    app.delete(
      '/students/:studentId/parents/:parentId',
      {
        schema: {
          tags: ['parents'],
          summary: "Unlink a parent from the student; the parent's account stays (admin, staff)",
          params: linkParams,
          response: { 200: noticeSchema, ...errorReplies },
        },
      },
      async (request) => {
        const { studentId, parentId } = request.params;
        await unlinkParent(ctx, currentUser(request), studentId, parentId);
        return { code: 'PARENT_UNLINKED' as const };
      },
    );
  };
