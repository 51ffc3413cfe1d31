// Classes (product.md §2 Classes, class details; §5; §6): list, detail, create, update, soft delete.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classListSchema,
  classSchema,
  createClassInput,
  updateClassInput,
} from '#common/classes.ts';
import { isRealDate } from '#common/fields.ts';
import { codes } from '#common/messages.ts';
import { CLASS_SORT_KEYS, searchQuery, sortQuery } from '#common/search.ts';
import { personOptionSchema } from '#common/users.ts';
import { errorReplies, idParam, okReply, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { createJsonAnswerCache } from '#server/lib/json-answer-cache.ts';
import { createClass, deleteClass, updateClass } from './manage-classes.ts';
import { classOptions, findVisibleClass, listClasses, teacherOptions } from './queries.ts';

/** A day that exists: PostgreSQL refuses 2024-02-30 with an error, SQLite would compare it. */
const dateFilter = z.string().refine(isRealDate, codes.VALIDATION).optional();

export const classParams = z.object({ classId: idParam });

export const classRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    // The list's pages are kept until a class, enrolment, lesson (the counts) or user (the
    // teacher's name) changes, in any process; 5 s at most.
    const listPages = createJsonAnswerCache(ctx, classListSchema);

    app.get(
      '/classes',
      {
        schema: {
          tags: ['classes'],
          summary:
            'Classes the caller may see (admin/staff all, teacher own, student enrolled), 10 per page; q searches class and teacher names without accents; sort by name or created_at (newest first by default)',
          querystring: z.object({
            page: pageQuery,
            from: dateFilter,
            to: dateFilter,
            q: searchQuery,
            sort: sortQuery(CLASS_SORT_KEYS, '-created_at'),
          }),
          response: { 200: classListSchema, ...errorReplies },
        },
      },
      (request, reply) => {
        const viewer = currentUser(request);
        const { page, from, to, q, sort } = request.query;
        const key = `${page}|${from ?? ''}|${to ?? ''}|${sort}|${q ?? ''}`;
        return listPages.send(reply, viewer, key, () => listClasses(db, viewer, request.query));
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
        userWithPermission(request, 'create_class');
        return { items: await teacherOptions(db) };
      },
    );

    app.get(
      '/classes/options',
      {
        schema: {
          tags: ['classes'],
          summary: 'Active classes by name, for pickers such as the import dialog (admin, staff)',
          response: {
            200: z.object({
              items: z.array(z.object({ class_id: z.string(), class_name: z.string() })),
            }),
            ...errorReplies,
          },
        },
      },
      async (request) => {
        userWithPermission(request, 'create_class');
        return { items: await classOptions(db) };
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
        const actor = userWithPermission(request, 'create_class');
        const created = await createClass(ctx, actor, request.body);
        reply.code(201);
        return created;
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
        const actor = userWithPermission(request, 'create_class');
        return updateClass(ctx, actor, request.params.classId, request.body);
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
        const actor = userWithPermission(request, 'create_class');
        await deleteClass(ctx, actor, request.params.classId);
        return { ok: true as const, code: 'CLASS_DELETED' as const };
      },
    );
  };
