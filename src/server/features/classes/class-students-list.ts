// The students of the classes a viewer may see (the teacher's Students page), searched without
// accents and sorted by name or by when their account was made.
import type { Kysely } from 'kysely';
import { sortParts, type UserSort } from '#common/search.ts';
import { paginate } from '#server/db/paginate.ts';
import type { Database } from '#server/db/schema.ts';
import { userContainsFolded } from '#server/db/search.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { visibleClasses } from './visibility.ts';

export type ClassStudentFilter = { page: number; q?: string | undefined; sort: UserSort };

/**
 * The students of the classes a viewer may see, by name, each with those of their classes
 * (two queries per page, not one per row).
 */
export async function studentsOfVisibleClasses(
  db: Kysely<Database>,
  viewer: SessionUser,
  filter: ClassStudentFilter,
) {
  const classIds = visibleClasses(db, viewer).select('c.class_id');
  let students = db
    .selectFrom('users as u')
    .where('u.is_active', '=', true)
    .where('u.role', '=', 'student')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('class_students as cs')
          .select('cs.student_id')
          .whereRef('cs.student_id', '=', 'u.user_id')
          .where('cs.class_id', 'in', classIds),
      ),
    );
  const { q } = filter;
  if (q) {
    // Name or e-mail contains q, through the trigram index of users (migration 046).
    students = students.where(userContainsFolded(db, 'u', q));
  }
  const { key, direction } = sortParts(filter.sort);
  const listed = await paginate(
    students
      .select(['u.user_id', 'u.full_name', 'u.email', 'u.avatar_url'])
      .orderBy(key === 'name' ? 'u.search_name' : 'u.created_at', direction)
      .orderBy('u.user_id'),
    filter.page,
  );
  const rows = listed.items;
  // The classes of this page's students, in one query.
  const enrolments = rows.length
    ? await db
        .selectFrom('class_students as cs')
        .innerJoin('classes as k', 'k.class_id', 'cs.class_id')
        .select(['cs.student_id', 'k.class_id', 'k.class_name'])
        .where(
          'cs.student_id',
          'in',
          rows.map((r) => r.user_id),
        )
        .where('cs.class_id', 'in', classIds)
        .orderBy('k.class_name')
        .execute()
    : [];
  return {
    ...listed,
    items: rows.map((row) => ({
      ...row,
      classes: enrolments
        .filter((e) => e.student_id === row.user_id)
        .map(({ class_id, class_name }) => ({ class_id, class_name })),
    })),
  };
}
