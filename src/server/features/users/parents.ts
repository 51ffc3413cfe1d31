// A student's parents (issue 29 point 1, docs/decisions/036-parents.md): listed, added as a new
// account linked in the same step, an existing parent linked (siblings share one), unlinked. A
// student has at most two parents: every link is added under a lock on the student's row, so two
// links at once are decided one after the other and never make three.

import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { EVENT } from '#common/events.ts';
import {
  type CreateParentInput,
  type LinkedParentDto,
  MAX_PARENTS_PER_STUDENT,
  type ParentListDto,
} from '#common/parents.ts';
import { hasPermission } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { forUpdate } from '#server/db/locking.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { generateAccountPassword, hashPassword } from '#server/features/auth/index.ts';
import { readCenterSettings } from '#server/features/center-settings/index.ts';
import { recordAudit, recordAudits } from '#server/lib/audit.ts';
import { addFirstCredentials, newUserRow, reactivateAccount } from './account-rows.ts';
import { listUsers, type UserListFilter } from './queries.ts';

/** Admin and staff (manage_parents); everyone else is refused. */
export function assertManagesParents(actor: SessionUser): void {
  if (!hasPermission(actor.role, 'manage_parents')) throw new AppError('FORBIDDEN');
}

/** The active student `studentId`, locked until the transaction ends (PostgreSQL: FOR UPDATE). */
export async function lockedStudent(
  ctx: AppContext,
  trx: Transaction<Database>,
  studentId: string,
) {
  const row = await forUpdate(
    trx
      .selectFrom('users')
      .select(['user_id', 'role', 'is_active'])
      .where('user_id', '=', studentId),
    ctx.database.dialect,
  ).executeTakeFirst();
  if (!row || !toBool(row.is_active)) throw new AppError('NOT_FOUND');
  if (row.role !== 'student') throw new AppError('PARENT_CHILD_NOT_STUDENT');
  return row;
}

/**
 * Links `parentId` to the student locked before: false when the link was there already; refused
 * when the student has two parents already (inactive parents' links do not count).
 */
export async function addLink(
  trx: Transaction<Database>,
  studentId: string,
  parentId: string,
  actorId: string | null,
  now: Date,
): Promise<boolean> {
  const links = await trx
    .selectFrom('student_parents as family')
    .innerJoin('users as parent', 'parent.user_id', 'family.parent_id')
    .select('family.parent_id')
    .where('family.student_id', '=', studentId)
    .where('parent.is_active', '=', true)
    .execute();
  if (links.some((link) => link.parent_id === parentId)) return false;
  if (links.length >= MAX_PARENTS_PER_STUDENT) throw new AppError('PARENT_LIMIT');
  // A link to a parent whose account was deleted and is now back: replaced, not doubled.
  await trx
    .deleteFrom('student_parents')
    .where('student_id', '=', studentId)
    .where('parent_id', '=', parentId)
    .execute();
  await trx
    .insertInto('student_parents')
    .values({
      student_id: studentId,
      parent_id: parentId,
      created_at: now.toISOString(),
      created_by: actorId,
    })
    .execute();
  // Both people's histories show the link (docs/decisions/041-audit-log.md).
  await recordAudits(trx, [
    {
      action: 'parent.link',
      recordType: 'user',
      recordId: studentId,
      changes: { parent_id: { before: null, after: parentId } },
    },
    {
      action: 'parent.link',
      recordType: 'user',
      recordId: parentId,
      changes: { student_id: { before: null, after: studentId } },
    },
  ]);
  return true;
}

/** Runs `work` under the student's lock. */
export function withLockedStudent<T>(
  ctx: AppContext,
  studentId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return ctx.database.db.transaction().execute(async (trx) => {
    await lockedStudent(ctx, trx, studentId);
    return work(trx);
  });
}

const PARENT_COLUMNS = [
  'parent.user_id',
  'parent.full_name',
  'parent.email',
  'parent.phone',
  'family.created_at as linked_at',
] as const;

/** A student's active parents, first linked first. */
export async function parentsOf(
  db: Kysely<Database>,
  studentId: string,
): Promise<LinkedParentDto[]> {
  return db
    .selectFrom('student_parents as family')
    .innerJoin('users as parent', 'parent.user_id', 'family.parent_id')
    .select(PARENT_COLUMNS)
    .where('family.student_id', '=', studentId)
    .where('parent.is_active', '=', true)
    .orderBy('family.created_at')
    .orderBy('parent.user_id')
    .execute();
}

export async function listStudentParents(
  ctx: AppContext,
  actor: SessionUser,
  studentId: string,
): Promise<LinkedParentDto[]> {
  assertManagesParents(actor);
  const { db } = ctx.database;
  const student = await db
    .selectFrom('users')
    .select(['role', 'is_active'])
    .where('user_id', '=', studentId)
    .executeTakeFirst();
  if (!student || !toBool(student.is_active)) throw new AppError('NOT_FOUND');
  if (student.role !== 'student') throw new AppError('PARENT_CHILD_NOT_STUDENT');
  return parentsOf(db, studentId);
}

/** A new parent account (or a soft-deleted one brought back), linked to the student at once. */
export async function createParentFor(
  ctx: AppContext,
  actor: SessionUser,
  studentId: string,
  input: CreateParentInput,
): Promise<{ parent: LinkedParentDto; password: string; reactivated: boolean }> {
  assertManagesParents(actor);
  const password = generateAccountPassword();
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const authId = randomUUID();
  const { new_user_language } = await readCenterSettings(ctx.database.db);
  const account = {
    authId,
    email: input.email,
    full_name: input.full_name,
    phone: input.phone ?? null,
    role: 'parent' as const,
    createdBy: actor.user_id,
    language: new_user_language,
  };
  const exists = (code: 'USER_EMAIL_EXISTS' | 'PARENT_EMAIL_OF_PARENT') =>
    new AppError(code, { params: { email: input.email }, field: 'email' });
  try {
    const result = await withLockedStudent(ctx, studentId, async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select(['user_id', 'auth_id', 'is_active', 'role'])
        .where('email', '=', input.email)
        .executeTakeFirst();
      if (existing && toBool(existing.is_active)) {
        throw exists(existing.role === 'parent' ? 'PARENT_EMAIL_OF_PARENT' : 'USER_EMAIL_EXISTS');
      }
      await addFirstCredentials(trx, [{ authId, hash: passwordHash }], now);
      let parentId: string;
      if (existing) {
        await reactivateAccount(trx, existing, account, now);
        parentId = existing.user_id;
        // A returning account starts with no children: its old links went with its deletion.
        await trx.deleteFrom('student_parents').where('parent_id', '=', parentId).execute();
      } else {
        const row = newUserRow(account, now);
        parentId = row.user_id;
        await trx.insertInto('users').values(row).execute();
      }
      await recordAudit(trx, {
        action: existing ? 'user.reactivate' : 'user.create',
        recordType: 'user',
        recordId: parentId,
        before: null,
        after: account,
        only: ['full_name', 'email', 'phone', 'role'],
      });
      await addLink(trx, studentId, parentId, actor.user_id, now);
      const parent = (await parentsOf(trx, studentId)).find((p) => p.user_id === parentId);
      return { parent: parent!, reactivated: Boolean(existing) };
    });
    await ctx.events.publish({ type: EVENT.users, data: { role: 'parent' } });
    return { ...result, password };
  } catch (error) {
    // Two requests for the same email at once: the database's unique index decides.
    if (isUniqueViolation(error)) throw exists('USER_EMAIL_EXISTS');
    throw error;
  }
}

/** Links an existing parent to a student (a sibling's parent): harmless when already linked. */
export async function linkParent(
  ctx: AppContext,
  actor: SessionUser,
  studentId: string,
  parentId: string,
): Promise<boolean> {
  assertManagesParents(actor);
  const linked = await withLockedStudent(ctx, studentId, async (trx) => {
    const parent = await trx
      .selectFrom('users')
      .select(['role', 'is_active'])
      .where('user_id', '=', parentId)
      .executeTakeFirst();
    if (!parent || !toBool(parent.is_active)) throw new AppError('NOT_FOUND');
    if (parent.role !== 'parent') throw new AppError('PARENT_NOT_PARENT');
    return addLink(trx, studentId, parentId, actor.user_id, ctx.clock.now());
  });
  if (linked) await ctx.events.publish({ type: EVENT.users, data: { role: 'parent' } });
  return linked;
}

export async function unlinkParent(
  ctx: AppContext,
  actor: SessionUser,
  studentId: string,
  parentId: string,
): Promise<void> {
  assertManagesParents(actor);
  const removed = await withLockedStudent(ctx, studentId, async (trx) => {
    const result = await trx
      .deleteFrom('student_parents')
      .where('student_id', '=', studentId)
      .where('parent_id', '=', parentId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) {
      await recordAudits(trx, [
        {
          action: 'parent.unlink',
          recordType: 'user',
          recordId: studentId,
          changes: { parent_id: { before: parentId, after: null } },
        },
        {
          action: 'parent.unlink',
          recordType: 'user',
          recordId: parentId,
          changes: { student_id: { before: studentId, after: null } },
        },
      ]);
    }
    return result;
  });
  if (Number(removed.numDeletedRows) === 0) throw new AppError('PARENT_NOT_LINKED');
  await ctx.events.publish({ type: EVENT.users, data: { role: 'parent' } });
}

/** The Parents page: active parents, searched and sorted like every list of people, with children. */
export async function listParents(
  ctx: AppContext,
  actor: SessionUser,
  filter: UserListFilter,
): Promise<ParentListDto> {
  assertManagesParents(actor);
  const { db } = ctx.database;
  const page = await listUsers(db, 'parent', filter);
  const ids = page.items.map((parent) => parent.user_id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('student_parents as family')
          .innerJoin('users as child', 'child.user_id', 'family.student_id')
          .select(['family.parent_id', 'child.user_id', 'child.full_name'])
          .where('family.parent_id', 'in', ids)
          .where('child.is_active', '=', true)
          .orderBy('family.created_at')
          .orderBy('child.user_id')
          .execute();
  return {
    ...page,
    items: page.items.map((parent) => ({
      ...parent,
      children: rows
        .filter((row) => row.parent_id === parent.user_id)
        .map(({ user_id, full_name }) => ({ user_id, full_name })),
    })),
  };
}
