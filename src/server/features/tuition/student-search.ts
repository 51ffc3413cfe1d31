// Whose account to open (admin, staff): students found by name or e-mail, those who left the
// center as well as those still studying, since a student who left may still owe or be owed; with
// each one's balance, so the picker already says who owes.
import { type Kysely, sql } from 'kysely';
import type { TuitionStudentDto } from '#common/tuition.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { userContainsFolded } from '#server/db/search.ts';

export const STUDENT_SEARCH_LIMIT = 20;

export async function searchTuitionStudents(
  db: Kysely<Database>,
  q: string | undefined,
): Promise<TuitionStudentDto[]> {
  let query = db
    .selectFrom('users as u')
    .select([
      'u.user_id',
      'u.full_name',
      'u.email',
      'u.is_active',
      (eb) =>
        eb
          .selectFrom('ledger_entries as e')
          .select(sql<number>`coalesce(sum(e.amount), 0)`.as('b'))
          .whereRef('e.student_id', '=', 'u.user_id')
          .as('balance'),
    ])
    .where('u.role', '=', 'student');
  if (q) {
    // Name or e-mail contains q, through the trigram index of users (migration 046).
    query = query.where(userContainsFolded(db, 'u', q));
  }
  const rows = await query
    // Those studying first, then by name.
    .orderBy('u.is_active', 'desc')
    .orderBy('u.search_name')
    .orderBy('u.user_id')
    .limit(STUDENT_SEARCH_LIMIT)
    .execute();
  return rows.map((row) => ({
    user_id: row.user_id,
    full_name: row.full_name,
    email: row.email,
    is_active: toBool(row.is_active),
    balance: Number(row.balance),
  }));
}
