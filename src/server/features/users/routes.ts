// Account management: create, list by role, detail, correct, delete.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '#common/notice.ts';
import { canManageRole } from '#common/permissions.ts';
import { searchQuery, sortQuery, USER_SORT_KEYS } from '#common/search.ts';
import {
  createdUserSchema,
  createUserInput,
  roleSchema,
  updatedUserSchema,
  updateUserInput,
  userListSchema,
} from '#common/users.ts';
import { errorReplies, idParam, okReply, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { currentUser } from '#server/features/auth/index.ts';
import { createUser } from './create-user.ts';
import { deleteUser } from './delete-user.ts';
import { issueFirstPassword } from './issue-first-password.ts';
import { findUserFor, listUsers } from './queries.ts';
import { updateUser } from './update-user.ts';
import { userSchema } from './user-dto.ts';

const createdReply = createdUserSchema;
const listReply = userListSchema;

export const userRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.post(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Create an account (admin: any role; staff: teacher or student)',
          body: createUserInput,
          response: { 201: createdReply, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const result = await createUser(ctx, actor, request.body);
        reply.code(201);
        return {
          ...result,
          code: 'USER_CREATED' as const,
          params: { password: result.password },
        };
      },
    );

    app.get(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary:
            'Active users of one role, 10 per page; q searches name and email without accents; sort by name or created_at (- for descending; newest first by default)',
          querystring: z.object({
            role: roleSchema,
            page: pageQuery,
            q: searchQuery,
            sort: sortQuery(USER_SORT_KEYS, '-created_at'),
          }),
          response: { 200: listReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const { role, ...filter } = request.query;
        if (!canManageRole(actor.role, role)) throw new AppError('FORBIDDEN');
        return listUsers(db, role, filter);
      },
    );

    app.get(
      '/users/:userId',
      {
        schema: {
          tags: ['users'],
          summary: 'One account (yours, or one of a role you manage)',
          params: z.object({ userId: idParam }),
          response: { 200: z.object({ user: userSchema }), ...errorReplies },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        return { user: await findUserFor(db, actor, request.params.userId) };
      },
    );

    app.patch(
      '/users/:userId',
      {
        schema: {
          tags: ['users'],
          summary:
            "Correct an account's full name, email (its sign-in) and phone (admin: any account, their own included; staff: teacher and student accounts); its role (admin only, never the last active admin)",
          params: z.object({ userId: idParam }),
          body: updateUserInput,
          response: { 200: updatedUserSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const user = await updateUser(ctx, actor, request.params.userId, request.body);
        return { user, code: 'USER_UPDATED' as const };
      },
    );

    app.post(
      '/users/:userId/first-password',
      {
        schema: {
          tags: ['users'],
          summary:
            'Issue a new first password, shown once (admin: any account; staff: teacher and student accounts)',
          params: z.object({ userId: idParam }),
          response: {
            200: noticeSchema.extend({ password: z.string() }),
            ...errorReplies,
          },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const { password } = await issueFirstPassword(ctx, actor, request.params.userId);
        return { password, code: 'FIRST_PASSWORD_ISSUED' as const, params: { password } };
      },
    );

    app.delete(
      '/users/:userId',
      {
        schema: {
          tags: ['users'],
          summary: 'Soft-delete an account with its cascades (staff accounts: admin only)',
          params: z.object({ userId: idParam }),
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        await deleteUser(ctx, actor, request.params.userId);
        return { ok: true as const };
      },
    );
  };
