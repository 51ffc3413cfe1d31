// A lesson held yesterday, set up in the database (the API cannot start a lesson in the past):
// the class's current students enrolled the week before, the lesson completed at 09:00-10:00
// yesterday, and the given students in its meeting for all of it.
import { addDays, createClass, createLesson, enrol, vnDate, vnTime } from '../helpers/school.ts';
import type { TestClient } from '../helpers/test-server.ts';
import type { AppServer } from './fixtures.ts';

export function heldYesterday(
  app: AppServer,
  lesson: { classId: string; lessonId: string },
  presentIds: string[],
) {
  const today = vnDate(Date.now());
  app.sql(
    'update class_students set enrolled_at = ? where class_id = ?',
    vnTime(addDays(today, -7), '08:00'),
    lesson.classId,
  );
  const start = vnTime(addDays(today, -1), '09:00');
  const end = vnTime(addDays(today, -1), '10:00');
  app.sql(
    "update schedules set start_time = ?, end_time = ?, status = 'completed', updated_at = ? where schedule_id = ?",
    start,
    end,
    end,
    lesson.lessonId,
  );
  for (const studentId of presentIds) {
    app.sql(
      'insert into attendance (attendance_id, schedule_id, student_id, participant_key, joined_at, left_at, created_at) values (?, ?, ?, ?, ?, ?, ?)',
      `att-${lesson.lessonId}-${studentId}`,
      lesson.lessonId,
      studentId,
      `p-${studentId}`,
      start,
      end,
      start,
    );
  }
}

/**
 * A class of the teacher (from a week ago) with the students, and its lesson 'Unit 1' held
 * yesterday with `presentIds` there for all of it.
 */
export async function classWithHeldLesson(
  app: AppServer,
  admin: TestClient,
  fields: { className: string; teacherId: string; studentIds: string[]; presentIds: string[] },
) {
  const today = vnDate(Date.now());
  const { class_id: classId } = await createClass(admin, fields.teacherId, {
    class_name: fields.className,
    start_date: addDays(today, -7),
    end_date: addDays(today, 30),
  });
  await enrol(admin, classId, fields.studentIds);
  const start = vnTime(addDays(today, 2), '09:00');
  const { schedule_id: lessonId } = await createLesson(admin, classId, start, 60, 'Unit 1');
  heldYesterday(app, { classId, lessonId }, fields.presentIds);
  return { classId, lessonId };
}
