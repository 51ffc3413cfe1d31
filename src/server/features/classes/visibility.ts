// Which classes a user may see (SPEC.md §6): admin and staff all active classes, a teacher
// their own, a student those they are enrolled in. Applied inside the query, so rows a user may
// not see are never loaded, and lists and details agree.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Database } from '../../db/schema.ts';

type ClassQuery<O> = SelectQueryBuilder<Database & { c: Database['classes'] }, 'c', O>;

export function visibleClasses(db: Kysely<Database>, viewer: SessionUser): ClassQuery<object> {
  let query = db.selectFrom('classes as c').where('c.is_active', '=', true) as ClassQuery<object>;
  if (viewer.role === 'teacher') query = query.where('c.teacher_id', '=', viewer.user_id);
  if (viewer.role === 'student') {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('class_students as enrolment')
          .select('enrolment.class_id')
          .whereRef('enrolment.class_id', '=', 'c.class_id')
          .where('enrolment.student_id', '=', viewer.user_id),
      ),
    );
  }
  return query;
}
