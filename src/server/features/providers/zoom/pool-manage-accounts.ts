// Changing the pool (admin; product.md §8): which Zoom users could join it, adding them, freeing a
// stuck account, removing one. Nothing here is allowed while a lesson uses the account.
import { randomUUID } from 'node:crypto';
import type { ProviderUserDto } from '#common/providers/zoom/contracts.ts';
import type { AppContext } from '#server/context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/errors.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { recordAudit, recordAudits } from '#server/lib/audit.ts';
import { findAccount, stuckAccounts } from './pool-queries.ts';
import { type ZoomClient, ZoomError } from './zoom-client.ts';
import { zoomOf } from './zoom-provider.ts';

export function requireZoom(ctx: AppContext): ZoomClient {
  const zoom = zoomOf(ctx);
  if (!zoom) throw new AppError('ZOOM_NOT_CONFIGURED');
  return zoom.client;
}

/** Users of the Zoom account not yet in the pool. */
export async function poolCandidates(ctx: AppContext): Promise<ProviderUserDto[]> {
  const zoom = requireZoom(ctx);
  let users: Awaited<ReturnType<ZoomClient['listUsers']>>;
  try {
    users = await zoom.listUsers();
  } catch (error) {
    if (error instanceof ZoomError && error.status === 502) {
      throw new AppError('ZOOM_SYNC_BAD_REPLY', { cause: error });
    }
    const reason =
      error instanceof ZoomError
        ? `HTTP ${error.status}${error.message ? ` – ${error.message}` : ''}`
        : String(error);
    throw new AppError('ZOOM_SYNC_FAILED', { params: { reason }, cause: error });
  }
  const rows = await ctx.database.db.selectFrom('zoom_accounts').select('zoom_user_id').execute();
  const known = new Set(rows.map((row) => row.zoom_user_id));
  return users
    .filter((user) => !known.has(user.id))
    .map((user) => ({
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      status: user.status,
      role_name: null,
    }));
}

export async function addAccounts(ctx: AppContext, users: { id: string; email: string }[]) {
  const now = ctx.clock.now().toISOString();
  try {
    const rows = users.map((user) => ({
      zoom_account_id: randomUUID(),
      zoom_user_id: user.id,
      email: user.email,
      is_busy: false,
      is_active: true,
      created_at: now,
    }));
    await ctx.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('zoom_accounts').values(rows).execute();
      await recordAudits(
        trx,
        rows.map((row) => ({
          action: 'host-account.add',
          recordType: 'host_account',
          recordId: row.zoom_account_id,
          before: null,
          after: { email: row.email, provider_user_id: row.zoom_user_id },
        })),
      );
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Some were in the pool already (added meanwhile, or by another admin): name them.
    const existing = await ctx.database.db
      .selectFrom('zoom_accounts')
      .select('email')
      .where(
        'zoom_user_id',
        'in',
        users.map((user) => user.id),
      )
      .orderBy('email')
      .execute();
    if (existing.length === 0) throw new AppError('ZOOM_ADD_FAILED', { cause: error });
    throw new AppError('ZOOM_ADD_EXISTING', {
      params: { emails: existing.map((row) => row.email).join(', ') },
      cause: error,
    });
  }
}

/** Frees a stuck account; returns its email. Refused while a lesson uses it. */
export async function releaseAccount(ctx: AppContext, accountId: string): Promise<string> {
  const { db } = ctx.database;
  const account = await findAccount(db, accountId);
  const params = { email: account.email };
  if (!toBool(account.is_busy)) throw new AppError('ZOOM_ACCOUNT_NOT_BUSY', { params });
  const stuck = await stuckAccounts(db, [account.zoom_account_id], ctx.clock.now());
  if (!stuck.has(account.zoom_account_id)) throw new AppError('ZOOM_ACCOUNT_HOSTING', { params });
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('zoom_accounts')
      .set({ is_busy: false })
      .where('zoom_account_id', '=', account.zoom_account_id)
      .execute();
    await recordAudit(trx, {
      action: 'host-account.release',
      recordType: 'host_account',
      recordId: account.zoom_account_id,
      changes: { is_busy: { before: true, after: false } },
    });
    // A start that died half-way left its lesson pending with this account: let it go, so the
    // lesson can be started again.
    await trx
      .deleteFrom('lesson_meetings')
      .where('host_account_id', '=', account.zoom_account_id)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('schedules as s')
            .select('s.schedule_id')
            .whereRef('s.schedule_id', '=', 'lesson_meetings.schedule_id')
            .where('s.status', '=', 'pending'),
        ),
      )
      .execute();
  });
  return account.email;
}

/** Removes an account from the pool: not while it is online, not while lessons refer to it. */
export async function deleteAccount(ctx: AppContext, accountId: string) {
  const { db } = ctx.database;
  const account = await findAccount(db, accountId);
  const params = { email: account.email };
  if (toBool(account.is_busy)) throw new AppError('ZOOM_ACCOUNT_ONLINE', { params });
  try {
    await db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('zoom_accounts')
        .where('zoom_account_id', '=', account.zoom_account_id)
        .where('is_busy', '=', false)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) {
        throw new AppError('ZOOM_ACCOUNT_ONLINE', { params });
      }
      await recordAudit(trx, {
        action: 'host-account.remove',
        recordType: 'host_account',
        recordId: account.zoom_account_id,
        before: { email: account.email },
        after: null,
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError('ZOOM_ACCOUNT_IN_USE', { params, cause: error });
    }
    throw error;
  }
}
