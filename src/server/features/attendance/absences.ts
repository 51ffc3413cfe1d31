// A child absent from a lesson (issue 29, docs/decisions/036-parents.md): each of their parents is
// told once per lesson and child (the dedupe key names the lesson, the child and the parent), when
// the lesson is over and the child is marked absent by hand, and when the provider's report settles
// a held lesson with them absent. A mark made while the lesson runs is a roll call that may still
// change (a late child is first marked absent): it is told when the lesson ends, as it then stands
// (tellParentsOfEndedLessons, run by the attendance job). Taking the mark back and marking it again
// tells no one twice.
import { sql } from 'kysely';
import type { AppContext } from '#server/context.ts';
import { addNotifications } from '#server/features/notifications/index.ts';
import { parentsOfStudents } from '#server/lib/family.ts';
import { lessonRows } from './read-attendance.ts';

export async function tellParentsOfAbsence(
  ctx: AppContext,
  scheduleId: string,
  studentIds: readonly string[],
): Promise<void> {
  if (studentIds.length === 0) return;
  const { db } = ctx.database;
  const parents = await parentsOfStudents(db, studentIds);
  if (parents.size === 0) return;
  const [lesson, children] = await Promise.all([
    db
      .selectFrom('schedules as s')
      .innerJoin('classes as c', 'c.class_id', 's.class_id')
      .select([
        's.schedule_id',
        's.class_id',
        's.topic',
        's.start_time',
        's.end_time',
        'c.class_name',
      ])
      .where('s.schedule_id', '=', scheduleId)
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select(['user_id', 'full_name'])
      .where('user_id', 'in', [...parents.keys()])
      .execute(),
  ]);
  if (!lesson) return;
  const names = new Map(children.map((child) => [child.user_id, child.full_name]));
  await addNotifications(
    ctx,
    [...parents].flatMap(([childId, parentIds]) =>
      parentIds.map((parentId) => ({
        userId: parentId,
        type: 'child_absent' as const,
        params: {
          child_name: names.get(childId) ?? '',
          child_id: childId,
          class_name: lesson.class_name,
          topic: lesson.topic,
          start_time: new Date(lesson.start_time).toISOString(),
          end_time: new Date(lesson.end_time).toISOString(),
        },
        scheduleId: lesson.schedule_id,
        classId: lesson.class_id,
        dedupeKey: `child_absent:${lesson.schedule_id}:${childId}:${parentId}`,
      })),
    ),
  );
}

/** After the provider's report settled a lesson: the parents of whoever it counts absent. */
export async function tellParentsOfReportedAbsences(
  ctx: AppContext,
  scheduleId: string,
): Promise<void> {
  const { students } = await lessonRows(ctx, ctx.database.db, scheduleId);
  await tellParentsOfAbsence(
    ctx,
    scheduleId,
    students.filter((student) => student.status === 'absent').map((s) => s.student_id),
  );
}

/**
 * How far back the job looks for lessons that ended with a child marked absent: it runs every
 * minute, so this covers a server down for a while; a parent already told is skipped by the key.
 */
const ENDED_LOOK_BACK_MS = 2 * 60 * 60 * 1000;

/**
 * The lessons that ended within the last two hours: the parents of each child marked absent by hand are
 * told (once: the dedupe key). Run every minute by the attendance job; a mark taken back before the
 * lesson ended tells nobody.
 */
export async function tellParentsOfEndedLessons(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - ENDED_LOOK_BACK_MS);
  const marks = await db
    .selectFrom('attendance_marks as m')
    .innerJoin('schedules as s', 's.schedule_id', 'm.schedule_id')
    .innerJoin('student_parents as family', 'family.student_id', 'm.student_id')
    // A parent already told (the notice's dedupe key, which is indexed) is not asked again.
    .leftJoin('notifications as told', (join) =>
      join.onRef(
        'told.dedupe_key',
        '=',
        sql<string>`'child_absent:' || m.schedule_id || ':' || m.student_id || ':' || family.parent_id`,
      ),
    )
    .where('told.notification_id', 'is', null)
    .select(['m.schedule_id', 'm.student_id'])
    .distinct()
    .where('m.status', '=', 'absent')
    .where('s.status', '!=', 'cancelled')
    .where('s.end_time', '<=', now.toISOString())
    .where('s.end_time', '>', since.toISOString())
    .execute();
  const bySchedule = new Map<string, string[]>();
  for (const mark of marks) {
    bySchedule.set(mark.schedule_id, [
      ...(bySchedule.get(mark.schedule_id) ?? []),
      mark.student_id,
    ]);
  }
  for (const [scheduleId, studentIds] of bySchedule) {
    await tellParentsOfAbsence(ctx, scheduleId, studentIds);
  }
}
