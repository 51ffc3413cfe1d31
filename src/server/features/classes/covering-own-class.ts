// A class handed to the teacher who was covering some of its lessons: those lessons become their
// own again, not lessons they cover for themselves (docs/decisions/031-substitutes.md). Run in
// the transaction that changes the class's teacher.
import type { Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export async function endCoverOfOwnLessons(trx: Transaction<Database>, teacherId: string) {
  await trx
    .updateTable('schedules')
    .set({ substitute_teacher_id: null })
    .where('substitute_teacher_id', '=', teacherId)
    .where('class_id', 'in', (eb) =>
      eb.selectFrom('classes').select('class_id').where('teacher_id', '=', teacherId),
    )
    .execute();
}
