// A family's links (issue 29, docs/decisions/036-parents.md): which parents a student has, which
// children a parent has. Notifications and e-mails to parents start here; a parent's access to a
// child's data is checked through here too, so "is this my child" has one answer.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** Each student's parents (active accounts only), keyed by student id; students with none are absent. */
export async function parentsOfStudents(
  db: Kysely<Database>,
  studentIds: readonly string[],
): Promise<Map<string, string[]>> {
  const parents = new Map<string, string[]>();
  if (studentIds.length === 0) return parents;
  const rows = await db
    .selectFrom('student_parents as family')
    .innerJoin('users as parent', 'parent.user_id', 'family.parent_id')
    .select(['family.student_id', 'family.parent_id'])
    .where('family.student_id', 'in', [...new Set(studentIds)])
    .where('parent.is_active', '=', true)
    .orderBy('family.created_at')
    .execute();
  for (const row of rows) {
    const list = parents.get(row.student_id) ?? [];
    list.push(row.parent_id);
    parents.set(row.student_id, list);
  }
  return parents;
}

/** A parent's children (their user ids), oldest link first. */
export async function childrenOfParent(db: Kysely<Database>, parentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('student_parents')
    .select('student_id')
    .where('parent_id', '=', parentId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.student_id);
}

/** Whether `parentId` is a parent of `studentId`. */
export async function isParentOf(
  db: Kysely<Database>,
  parentId: string,
  studentId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('student_parents')
    .select('student_id')
    .where('parent_id', '=', parentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row !== undefined;
}
