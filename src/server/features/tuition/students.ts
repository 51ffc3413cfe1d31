// Whose account: a student (active or not: a student who left may still owe or be owed). Money
// reaches only those the permission table names: admin and staff (view_tuition) for every
// student, a student for their own account, a parent for their children's (issue 29), no one else
// (docs/decisions/028).
import type { Kysely, Transaction } from 'kysely';
import { hasPermission } from '#common/permissions.ts';
import type { Dialect } from '#server/db/connection.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { isParentOf } from '#server/lib/family.ts';

export interface AccountHolder {
  user_id: string;
  full_name: string;
  email: string;
}

/** The student whose account the viewer may read; refused for anyone else. */
export async function readableStudent(
  db: Kysely<Database>,
  viewer: SessionUser,
  studentId: string,
): Promise<AccountHolder> {
  if (!(await mayReadAccount(db, viewer, studentId))) throw new AppError('FORBIDDEN');
  return studentOf(db, studentId);
}

/**
 * Whose money a viewer may read: admin and staff anyone's, a student their own, a parent their
 * children's (issue 29: isParentOf, the one answer to "is this my child").
 */
export async function mayReadAccount(
  db: Kysely<Database>,
  viewer: SessionUser,
  studentId: string,
): Promise<boolean> {
  if (hasPermission(viewer.role, 'view_tuition')) return true;
  if (viewer.role === 'student') return viewer.user_id === studentId;
  return (
    hasPermission(viewer.role, 'view_own_children') &&
    (await isParentOf(db, viewer.user_id, studentId))
  );
}

/** The student by id: not found for no one, refused for an account that is not a student's. */
export async function studentOf(db: Kysely<Database>, studentId: string): Promise<AccountHolder> {
  const row = await db
    .selectFrom('users')
    .select(['user_id', 'full_name', 'email', 'role'])
    .where('user_id', '=', studentId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (row.role !== 'student') throw new AppError('TUITION_NOT_A_STUDENT', { field: 'student_id' });
  return { user_id: row.user_id, full_name: row.full_name, email: row.email };
}

/**
 * The student's row locked for the rest of the transaction (PostgreSQL; SQLite runs one write
 * transaction at a time): what reads the balance to decide (a refund) sees every entry committed
 * before it and none slipping in beside it.
 */
export async function lockAccount(trx: Transaction<Database>, dialect: Dialect, studentId: string) {
  await forUpdate(
    trx.selectFrom('users').select('user_id').where('user_id', '=', studentId),
    dialect,
  ).execute();
}
