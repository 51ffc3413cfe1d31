// Which classes a user may see (product.md §6): admin and staff all active classes, a teacher
// their own, a student those they are enrolled in, a parent those their children are enrolled in
// (issue 29). Applied inside the query, so rows a user may
// not see are never loaded, and lists and details agree.
//
// Join order matters on SQLite, which keeps the left side of an explicit CROSS JOIN as the
// outer loop: a student's queries start from their few enrolments instead of scanning every
// class (measured by bench/school.ts). PostgreSQL reorders CROSS JOIN + WHERE freely.
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/index.ts';

type ClassScope = Database & { c: Database['classes'] };
export type ClassQuery = SelectQueryBuilder<ClassScope, 'c', object>;

export function visibleClasses(
  db: Kysely<Database>,
  viewer: Pick<SessionUser, 'user_id' | 'role'>,
): ClassQuery {
  if (viewer.role === 'student') {
    // The enrolment table joins in; only class columns are ever selected from this query.
    return db
      .selectFrom('class_students as enrolment')
      .crossJoin('classes as c')
      .whereRef('c.class_id', '=', 'enrolment.class_id')
      .where('enrolment.student_id', '=', viewer.user_id)
      .where('c.is_active', '=', true) as unknown as ClassQuery;
  }
  const query = db.selectFrom('classes as c').where('c.is_active', '=', true) as ClassQuery;
  if (viewer.role === 'parent') {
    return query.where('c.class_id', 'in', (eb) =>
      eb
        .selectFrom('student_parents as family')
        .innerJoin('class_students as enrolment', 'enrolment.student_id', 'family.student_id')
        .select('enrolment.class_id')
        .where('family.parent_id', '=', viewer.user_id),
    );
  }
  if (viewer.role === 'teacher') return query.where('c.teacher_id', '=', viewer.user_id);
  // Admin and staff: every class; any other role reaches here only by a mistake, and sees none.
  if (viewer.role !== 'admin' && viewer.role !== 'staff') return query.where(sql<boolean>`1 = 0`);
  return query;
}
