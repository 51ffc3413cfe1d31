// A teacher who leaves (their account deleted, or their role no longer teacher) covers no lesson to
// come: their pending covered lessons go back to their classes' teachers (docs/decisions/031).
// Lessons already held keep who taught them (teachers' pay counts them). Run in the transaction
// that deletes the account or changes the role.
import type { Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export async function returnLessonsCoveredBy(trx: Transaction<Database>, teacherId: string) {
  const returned = await trx
    .updateTable('schedules')
    .set((eb) => ({ substitute_teacher_id: null, sequence: eb('sequence', '+', 1) }))
    .where('substitute_teacher_id', '=', teacherId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(returned.numUpdatedRows);
}
