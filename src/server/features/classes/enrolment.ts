// Enrolling students in a class and removing them (admin, staff). An enrolment is all or nothing:
// every id must be an active student not yet in the class. A retried request with the same
// Idempotency-Key answers as the first did.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { activeUserIdsOfRole } from '#server/features/users/queries.ts';
import { findKeyedResource, idempotencyKeyOf, rememberKey } from '#server/http/idempotency.ts';
import { findVisibleClass } from './queries.ts';

/** Returns how many students were enrolled. */
export async function enrolStudents(
  ctx: AppContext,
  request: FastifyRequest,
  actor: SessionUser,
  classId: string,
  studentIds: string[],
): Promise<number> {
  const { db } = ctx.database;
  await findVisibleClass(db, actor, classId);
  const ids = [...new Set(studentIds)];
  const now = ctx.clock.now().toISOString();
  const key = idempotencyKeyOf(request);
  const keyScope = `enrolment:${classId}`;
  const alreadyDone = async () =>
    Boolean(key && (await findKeyedResource(db, actor.user_id, key, keyScope)));
  if (await alreadyDone()) return ids.length;
  try {
    await db.transaction().execute(async (trx) => {
      const students = await activeUserIdsOfRole(trx, 'student', ids);
      if (students.size !== ids.length) {
        throw new AppError('ENROL_NOT_STUDENT', { field: 'student_ids' });
      }
      const already = await trx
        .selectFrom('class_students')
        .select('student_id')
        .where('class_id', '=', classId)
        .where('student_id', 'in', ids)
        .execute();
      if (already.length) throw new AppError('ENROL_ALREADY', { field: 'student_ids' });
      await trx
        .insertInto('class_students')
        .values(ids.map((student_id) => ({ class_id: classId, student_id, enrolled_at: now })))
        .execute();
      if (key) {
        await rememberKey(trx, {
          userId: actor.user_id,
          key,
          scope: keyScope,
          resourceId: ids.join(','),
          now: new Date(now),
        });
      }
    });
  } catch (error) {
    // A concurrent retry with the same key won the race: answer as it did.
    if (await alreadyDone()) return ids.length;
    if (isUniqueViolation(error)) throw new AppError('ENROL_ALREADY');
    throw error;
  }
  return ids.length;
}

export async function removeStudent(
  ctx: AppContext,
  actor: SessionUser,
  classId: string,
  studentId: string,
) {
  const { db } = ctx.database;
  await findVisibleClass(db, actor, classId);
  const result = await db
    .deleteFrom('class_students')
    .where('class_id', '=', classId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError('ENROL_NOT_FOUND');
}
