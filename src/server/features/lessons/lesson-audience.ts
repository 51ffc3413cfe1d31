// Who may hear of a lesson's change on their event stream (issue 30 point 8,
// docs/decisions/045-origin-emails-events.md): the people who may see the lesson, by the same
// rules as the lesson lists (queries.ts, booked-lessons.ts, classes/visibility.ts): the class's
// teacher, the lesson's substitute, the class's students and those booked into the lesson as a
// make-up, and those students' parents. Admin and staff see every lesson and are not listed here.
// One query per event (realtime/routes.ts asks once per event, whatever the number of streams).

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** The user ids (besides admin and staff) who may see the lesson, or a lesson of the class. */
export async function lessonAudience(
  db: Kysely<Database>,
  which: { scheduleId?: string | undefined; classId?: string | undefined },
): Promise<Set<string>> {
  const { scheduleId, classId } = which;
  if (!scheduleId && !classId) return new Set();
  // The lessons the event is about: the one named, or every lesson of the class named.
  const lessons = db
    .selectFrom('schedules as s')
    .select(['s.schedule_id', 's.class_id', 's.substitute_teacher_id'])
    .where((eb) =>
      scheduleId ? eb('s.schedule_id', '=', scheduleId) : eb('s.class_id', '=', classId!),
    );
  const classIds = scheduleId
    ? db.selectFrom('schedules').select('class_id').where('schedule_id', '=', scheduleId)
    : db.selectFrom('classes').select('class_id').where('class_id', '=', classId!);
  const students = db
    .selectFrom('class_students')
    .select('student_id as user_id')
    .where('class_id', 'in', classIds)
    .union(
      db
        .selectFrom('makeup_credits')
        .select('student_id as user_id')
        .where('booked_schedule_id', 'in', lessons.clearSelect().select('s.schedule_id')),
    );
  const rows = await db
    .selectFrom('classes')
    .select('teacher_id as user_id')
    .where('class_id', 'in', classIds)
    .union(
      lessons
        .clearSelect()
        .select(sql<string>`s.substitute_teacher_id`.as('user_id'))
        .where('s.substitute_teacher_id', 'is not', null),
    )
    .union(students)
    .union(
      db
        .selectFrom('student_parents')
        .select('parent_id as user_id')
        .where('student_id', 'in', students),
    )
    .execute();
  return new Set(rows.map((row) => row.user_id).filter((id): id is string => Boolean(id)));
}
