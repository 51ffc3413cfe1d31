// The pool of Zoom accounts that host lessons (product.md §2 Zoom accounts, §8): admin and staff
// see it; only admin syncs from Zoom, adds and deletes.

import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE } from '#common/constants.ts';
import { providerUserSchema, zoomAccountListSchema } from '#common/dto.ts';
import { EVENT } from '#common/events.ts';
import { formatMessage } from '#common/messages.ts';
import { errorReplies, idParam, okReply, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/errors.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, userWithPermission } from '#server/features/auth/guards.ts';
import { ZoomError } from './zoom-client.ts';

/** How long a start may take between claiming an account and its lesson becoming active. */
const START_IN_PROGRESS_MS = 2 * 60_000;

const addInput = z.object({
  users: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(64),
        email: z.string().trim().toLowerCase().max(254),
      }),
    )
    .min(1, 'Vui lòng chọn ít nhất một tài khoản.')
    .max(300),
});

export const zoomAccountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const requireZoom = () => {
      if (!ctx.zoom) throw new AppError('ZOOM_NOT_CONFIGURED');
      return ctx.zoom;
    };

    const findAccount = async (accountId: string) => {
      const account = await db
        .selectFrom('zoom_accounts')
        .selectAll()
        .where('zoom_account_id', '=', accountId)
        .executeTakeFirst();
      if (!account) throw new AppError('NOT_FOUND');
      return account;
    };

    /**
     * Of these busy accounts, those no lesson is using: none active on it, and no start under way
     * (a start claims the account a few seconds before its lesson becomes active).
     */
    const stuckAccounts = async (busyIds: string[]): Promise<Set<string>> => {
      if (busyIds.length === 0) return new Set();
      const startingSince = new Date(
        ctx.clock.now().getTime() - START_IN_PROGRESS_MS,
      ).toISOString();
      const used = await db
        .selectFrom('schedules')
        .select('zoom_account_id')
        .where('zoom_account_id', 'in', busyIds)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'active'),
            eb.and([eb('status', '=', 'pending'), eb('updated_at', '>', startingSince)]),
          ]),
        )
        .execute();
      const inUse = new Set(used.map((row) => row.zoom_account_id));
      return new Set(busyIds.filter((id) => !inUse.has(id)));
    };

    app.get(
      '/zoom-accounts',
      {
        schema: {
          tags: ['zoom'],
          summary: 'The pool of Zoom accounts, newest first (admin, staff)',
          querystring: z.object({ page: pageQuery }),
          response: { 200: zoomAccountListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        if (viewer.role !== 'admin' && viewer.role !== 'staff') throw new AppError('FORBIDDEN');
        const { page } = request.query;
        const [rows, count] = await Promise.all([
          db
            .selectFrom('zoom_accounts')
            .selectAll()
            // Accounts added together share created_at: then by email, so the order a person
            // sees is the same on every load, on both databases.
            .orderBy('created_at', 'desc')
            .orderBy('email')
            .orderBy('zoom_account_id')
            .limit(PAGE_SIZE)
            .offset((page - 1) * PAGE_SIZE)
            .execute(),
          db
            .selectFrom('zoom_accounts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
        ]);
        const stuck = await stuckAccounts(
          rows.filter((row) => toBool(row.is_busy)).map((row) => row.zoom_account_id),
        );
        return {
          items: rows.map((row) => ({
            ...row,
            is_busy: toBool(row.is_busy),
            is_active: toBool(row.is_active),
            stuck: stuck.has(row.zoom_account_id),
          })),
          total: Number(count.n),
          page,
          pageSize: PAGE_SIZE,
          configured: Boolean(ctx.zoom),
        };
      },
    );

    app.post(
      '/zoom-accounts/sync',
      {
        schema: {
          tags: ['zoom'],
          summary: 'Users of the Zoom account not yet in the pool (admin)',
          response: {
            200: z.object({ users: z.array(providerUserSchema), message: z.string().optional() }),
            ...errorReplies,
            502: errorReplies[400],
            503: errorReplies[400],
          },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_zoom_accounts');
        const zoom = requireZoom();
        let users: Awaited<ReturnType<typeof zoom.listUsers>>;
        try {
          users = await zoom.listUsers();
        } catch (error) {
          if (error instanceof ZoomError && error.status === 502)
            throw new AppError('ZOOM_SYNC_BAD_REPLY', { cause: error });
          const reason =
            error instanceof ZoomError
              ? `HTTP ${error.status}${error.message ? ` – ${error.message}` : ''}`
              : String(error);
          throw new AppError('ZOOM_SYNC_FAILED', { params: { reason }, cause: error });
        }
        const known = new Set(
          (await db.selectFrom('zoom_accounts').select('zoom_user_id').execute()).map(
            (r) => r.zoom_user_id,
          ),
        );
        const fresh = users
          .filter((u) => !known.has(u.id))
          .map((u) => ({
            id: u.id,
            email: u.email,
            first_name: u.first_name,
            last_name: u.last_name,
            status: u.status,
            role_name: null,
          }));
        return fresh.length
          ? { users: fresh }
          : { users: [], message: formatMessage('ZOOM_ALL_ADDED') };
      },
    );

    app.post(
      '/zoom-accounts',
      {
        schema: {
          tags: ['zoom'],
          summary: 'Add Zoom users to the pool (admin)',
          body: addInput,
          response: { 201: z.object({ added: z.number(), message: z.string() }), ...errorReplies },
        },
      },
      async (request, reply) => {
        userWithPermission(request, 'manage_zoom_accounts');
        const now = ctx.clock.now().toISOString();
        try {
          await db
            .insertInto('zoom_accounts')
            .values(
              request.body.users.map((user) => ({
                zoom_account_id: randomUUID(),
                zoom_user_id: user.id,
                email: user.email,
                is_busy: false,
                is_active: true,
                created_at: now,
              })),
            )
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('ZOOM_ADD_FAILED', { cause: error });
          throw error;
        }
        await ctx.events.publish({ type: EVENT.zoomAccounts });
        reply.code(201);
        const count = request.body.users.length;
        return { added: count, message: formatMessage('ZOOM_ADDED', { count: String(count) }) };
      },
    );

    app.post(
      '/zoom-accounts/:accountId/release',
      {
        schema: {
          tags: ['zoom'],
          summary:
            'Free an account that is busy with no lesson running on it (admin); refused while a lesson uses it',
          params: z.object({ accountId: idParam }),
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_zoom_accounts');
        const account = await findAccount(request.params.accountId);
        const params = { email: account.email };
        if (!toBool(account.is_busy)) throw new AppError('ZOOM_ACCOUNT_NOT_BUSY', { params });
        if (!(await stuckAccounts([account.zoom_account_id])).has(account.zoom_account_id))
          throw new AppError('ZOOM_ACCOUNT_HOSTING', { params });
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('zoom_accounts')
            .set({ is_busy: false })
            .where('zoom_account_id', '=', account.zoom_account_id)
            .execute();
          // A start that died half-way left its lesson pending with this account: let it go, so
          // the lesson can be started again.
          await trx
            .updateTable('schedules')
            .set({ zoom_account_id: null })
            .where('zoom_account_id', '=', account.zoom_account_id)
            .where('status', '=', 'pending')
            .execute();
        });
        request.log.info({ zoomAccountId: account.zoom_account_id }, 'stuck Zoom account freed');
        await ctx.events.publish({ type: EVENT.zoomAccounts });
        return { ok: true as const, message: formatMessage('ZOOM_ACCOUNT_RELEASED', params) };
      },
    );

    app.delete(
      '/zoom-accounts/:accountId',
      {
        schema: {
          tags: ['zoom'],
          summary:
            'Remove an account from the pool (admin); not while online, not while lessons use it',
          params: z.object({ accountId: idParam }),
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_zoom_accounts');
        const account = await findAccount(request.params.accountId);
        if (toBool(account.is_busy))
          throw new AppError('ZOOM_ACCOUNT_ONLINE', {
            params: { email: account.email },
          });
        try {
          const removed = await db
            .deleteFrom('zoom_accounts')
            .where('zoom_account_id', '=', account.zoom_account_id)
            .where('is_busy', '=', false)
            .executeTakeFirst();
          if (Number(removed.numDeletedRows) === 0) {
            throw new AppError('ZOOM_ACCOUNT_ONLINE', {
              params: { email: account.email },
            });
          }
        } catch (error) {
          if (isForeignKeyViolation(error)) {
            throw new AppError('ZOOM_ACCOUNT_IN_USE', {
              params: { email: account.email },
              cause: error,
            });
          }
          throw error;
        }
        await ctx.events.publish({ type: EVENT.zoomAccounts });
        return { ok: true as const, message: formatMessage('ZOOM_ACCOUNT_DELETED') };
      },
    );
  };
