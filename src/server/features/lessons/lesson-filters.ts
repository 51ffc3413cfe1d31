// The Schedules page's filters applied to the lessons a viewer may see (src/common/lesson-filters.ts).
// A teacher's lessons stay their own whatever they pass: the filters only narrow visibleLessons.
import type { Kysely } from 'kysely';
import type { LessonFilters } from '#common/lesson-filters.ts';
import type { Database } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { classMatches, visibleClasses } from '#server/features/classes/index.ts';
import { addDays, startOfLocalDate } from '#server/lib/center-time.ts';
import { isCenterWideViewer } from '#server/lib/center-wide-cache.ts';
import { visibleLessons } from './queries.ts';

/** The filters with their dates turned into instants: [startsFrom, startsBefore). */
export type LessonScope = Omit<LessonFilters, 'from' | 'to'> & {
  startsFrom?: string | undefined;
  startsBefore?: string | undefined;
};

/** A lesson belongs to the day (in the center's zone) it starts on. */
export function lessonScopeOf(filters: LessonFilters, zone: string): LessonScope {
  const { from, to, ...rest } = filters;
  return {
    ...rest,
    startsFrom: from ? startOfLocalDate(from, zone).toISOString() : undefined,
    startsBefore: to ? startOfLocalDate(addDays(to, 1), zone).toISOString() : undefined,
  };
}

/** Whether anything narrows the lessons (the unnarrowed counts are kept: lesson-list.ts). */
export const isNarrowed = (scope: LessonScope) =>
  Object.values(scope).some((value) => value !== undefined);

/** The lessons (s) and their classes (c) a query reads, nothing selected yet. */
type Lessons = ReturnType<typeof visibleLessons>;

/**
 * The lessons (s) of the classes (c) the viewer may see, narrowed by `scope`, nothing selected.
 * Admin and staff start from the lessons (their time index) unless a class or a teacher is
 * chosen: then from those few classes, whose lessons the (class_id, start_time) index holds in
 * time order (see visibility.ts on join order). A teacher's own lessons, and a chosen teacher's,
 * are read in two parts that each seek: teacherScope.
 */
export function filteredLessons(db: Kysely<Database>, viewer: SessionUser, scope: LessonScope) {
  const centerWide = isCenterWideViewer(viewer);
  // A chosen teacher's lessons are those of their classes and those they cover, as they see them.
  if (centerWide && scope.teacher_id) {
    return teacherScope(db, scope.teacher_id, { ...scope, teacher_id: undefined });
  }
  if (viewer.role === 'teacher') return teacherScope(db, viewer.user_id, scope);
  const query =
    centerWide && scope.class_id
      ? (visibleClasses(db, viewer)
          .crossJoin('schedules as s')
          .whereRef('s.class_id', '=', 'c.class_id') as unknown as Lessons)
      : visibleLessons(db, viewer);
  return narrowed(query, scope);
}

/** The query's lessons that the scope's filters keep. */
function narrowed(lessons: Lessons, scope: LessonScope) {
  let query = lessons;
  if (scope.class_id) query = query.where('c.class_id', '=', scope.class_id);
  if (scope.teacher_id) {
    // A teacher narrowing their own list by a teacher: their classes' lessons, or those they cover.
    const teacherId = scope.teacher_id;
    query = query.where((eb) =>
      eb.or([eb('c.teacher_id', '=', teacherId), eb('s.substitute_teacher_id', '=', teacherId)]),
    );
  }
  if (scope.room_id) query = query.where('s.room_id', '=', scope.room_id);
  if (scope.startsFrom) query = query.where('s.start_time', '>=', scope.startsFrom);
  if (scope.startsBefore) query = query.where('s.start_time', '<', scope.startsBefore);
  if (scope.q) query = query.where(classMatches(scope.q));
  return query;
}

/**
 * A teacher's lessons narrowed by `scope`: those of their active classes and those they cover in
 * others' active classes (teacherLessons in queries.ts), as two parts read apart and put together
 * (issue 31, bench:school at 10×). Asked as one condition ("their class, or they cover it") the
 * condition spans both tables and the planner read every lesson of the dates for everyone; apart,
 * the first seeks their classes (by teacher) and then each class's lessons by the (class_id,
 * start_time) index, the second the lessons they cover by the (substitute, start) index (migration
 * 045). A lesson is in one part only (the second leaves out their own classes). The lessons found
 * are then read again by id with their classes, so whatever the caller adds (status, joins,
 * order, limit, counts) applies to them as to any other viewer's lessons.
 */
function teacherScope(db: Kysely<Database>, teacherId: string, scope: LessonScope) {
  const ofTheirClasses = narrowed(
    db
      .selectFrom('classes as c')
      .crossJoin('schedules as s')
      .whereRef('s.class_id', '=', 'c.class_id')
      .where('c.teacher_id', '=', teacherId)
      .where('c.is_active', '=', true) as unknown as Lessons,
    scope,
  ).select('s.schedule_id');
  const covered = narrowed(
    db
      .selectFrom('schedules as s')
      .crossJoin('classes as c')
      .whereRef('c.class_id', '=', 's.class_id')
      .where('s.substitute_teacher_id', '=', teacherId)
      .where('c.teacher_id', '!=', teacherId)
      .where('c.is_active', '=', true) as unknown as Lessons,
    scope,
  ).select('s.schedule_id');
  // CROSS JOIN keeps SQLite's join order as written: the teacher's lessons first.
  return db
    .selectFrom(ofTheirClasses.unionAll(covered).as('mine'))
    .crossJoin('schedules as s')
    .whereRef('s.schedule_id', '=', 'mine.schedule_id')
    .crossJoin('classes as c')
    .whereRef('c.class_id', '=', 's.class_id') as unknown as Lessons;
}
