// Enrolling students in a class and removing them (admin, staff). An enrolment is all or nothing:
// every id must be an active student not yet in the class. A retried request with the same
// Idempotency-Key answers as the first did.
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '#server/context.ts';
import { chunks } from '#server/db/chunks.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { activeUserIdsOfRole } from '#server/features/users/index.ts';
import { type AuditEntry, recordAudits } from '#server/lib/audit.ts';
import { type IdempotencyKey, idempotent } from '#server/lib/operations/idempotent.ts';
import { announceClassChange } from './manage-classes.ts';
import { findVisibleClass } from './queries.ts';

/** Which of the students are in the class already. */
export async function alreadyEnrolled(
  db: Kysely<Database>,
  classId: string,
  studentIds: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(studentIds)) {
    const rows = await db
      .selectFrom('class_students')
      .select('student_id')
      .where('class_id', '=', classId)
      .where('student_id', 'in', part)
      .execute();
    for (const row of rows) found.add(row.student_id);
  }
  return found;
}

/** Enrols the students (none of them in the class yet) as of `now`. */
export async function addEnrolments(
  trx: Transaction<Database>,
  classId: string,
  studentIds: readonly string[],
  now: Date,
): Promise<void> {
  const enrolled_at = now.toISOString();
  for (const part of chunks(studentIds)) {
    await trx
      .insertInto('class_students')
      .values(part.map((student_id) => ({ class_id: classId, student_id, enrolled_at })))
      .execute();
  }
  await recordAudits(trx, enrolmentEntries('enrolment.add', classId, studentIds, true));
}

/**
 * An enrolment's entries (docs/decisions/041-audit-log.md): one on the class (the student in its
 * changes) and one on the student (the class in its changes), so both histories find it.
 */
function enrolmentEntries(
  action: 'enrolment.add' | 'enrolment.remove',
  classId: string,
  studentIds: readonly string[],
  added: boolean,
): AuditEntry[] {
  const change = (id: string) =>
    added ? { before: null, after: id } : { before: id, after: null };
  return studentIds.flatMap((studentId): AuditEntry[] => [
    {
      action,
      recordType: 'class',
      recordId: classId,
      changes: { student_id: change(studentId) },
    },
    {
      action,
      recordType: 'user',
      recordId: studentId,
      changes: { class_id: change(classId) },
    },
  ]);
}

/** Returns how many students were enrolled. */
export async function enrolStudents(
  ctx: AppContext,
  actor: SessionUser,
  input: { classId: string; studentIds: string[]; idempotencyKey?: IdempotencyKey },
): Promise<number> {
  const { classId } = input;
  await findVisibleClass(ctx.database.db, actor, classId);
  const ids = [...new Set(input.studentIds)];
  const now = ctx.clock.now();
  const enrol = idempotent(
    ctx,
    { userId: actor.user_id, key: input.idempotencyKey, scope: `enrolment:${classId}` },
    {
      write: async (trx) => {
        const students = await activeUserIdsOfRole(trx, 'student', ids);
        if (students.size !== ids.length) {
          throw new AppError('ENROL_NOT_STUDENT', { field: 'student_ids' });
        }
        if ((await alreadyEnrolled(trx, classId, ids)).size > 0) {
          throw new AppError('ENROL_ALREADY', { field: 'student_ids' });
        }
        await addEnrolments(trx, classId, ids, now);
        return { added: ids.length };
      },
      announce: async () => {
        await announceClassChange(ctx, classId);
        await ctx.domainEvents.publish({
          type: 'enrolment.added',
          classId,
          studentIds: ids,
          actorId: actor.user_id,
        });
      },
    },
  );
  const { added } = await enrol.catch((error: unknown) => {
    // Enrolled by another request at the same moment.
    if (isUniqueViolation(error)) throw new AppError('ENROL_ALREADY');
    throw error;
  });
  return added;
}

/** Removes a student from the class; the enrolment ends and stays in its history (migration 014). */
export async function removeStudent(
  ctx: AppContext,
  actor: SessionUser,
  input: { classId: string; studentId: string },
) {
  const { db } = ctx.database;
  const { classId, studentId } = input;
  await findVisibleClass(db, actor, classId);
  const left_at = ctx.clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('class_students')
      .where('class_id', '=', classId)
      .where('student_id', '=', studentId)
      .returning('enrolled_at')
      .executeTakeFirst();
    if (!removed) throw new AppError('ENROL_NOT_FOUND');
    await trx
      .insertInto('class_enrolment_history')
      .values({
        class_id: classId,
        student_id: studentId,
        enrolled_at: removed.enrolled_at,
        left_at,
      })
      .execute();
    await recordAudits(trx, enrolmentEntries('enrolment.remove', classId, [studentId], false));
  });
  await announceClassChange(ctx, classId);
}
