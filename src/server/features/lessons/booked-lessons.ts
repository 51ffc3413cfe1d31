// A student's lessons: those of the classes they are enrolled in and the make-up lessons booked
// for them in other classes (docs/decisions/032-make-up-lessons.md). A booking shows that one
// lesson only: the host class's other lessons, its students and the class itself stay unseen
// (visibleClasses is unchanged).
//
// Join order (see classes/visibility.ts): the student's few enrolments and bookings come first,
// as one derived table, then their classes, then those classes' lessons; a booked row keeps only
// its own lesson.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export function studentLessons(db: Kysely<Database>, studentId: string) {
  const enrolled = db
    .selectFrom('class_students as e')
    .select(['e.class_id', sql<string | null>`null`.as('booked_schedule_id')])
    .where('e.student_id', '=', studentId);
  // A booking into a class the student has since joined is already one of its lessons.
  const booked = db
    .selectFrom('makeup_credits as mc')
    .innerJoin('schedules as bs', 'bs.schedule_id', 'mc.booked_schedule_id')
    .select(['bs.class_id', 'mc.booked_schedule_id'])
    .where('mc.student_id', '=', studentId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('class_students as own')
            .select('own.class_id')
            .whereRef('own.class_id', '=', 'bs.class_id')
            .where('own.student_id', '=', studentId),
        ),
      ),
    );
  return db
    .selectFrom(enrolled.unionAll(booked).as('enrolment'))
    .crossJoin('classes as c')
    .whereRef('c.class_id', '=', 'enrolment.class_id')
    .where('c.is_active', '=', true)
    .crossJoin('schedules as s')
    .whereRef('s.class_id', '=', 'c.class_id')
    .where((eb) =>
      eb.or([
        eb('enrolment.booked_schedule_id', 'is', null),
        eb('enrolment.booked_schedule_id', '=', eb.ref('s.schedule_id')),
      ]),
    );
}
