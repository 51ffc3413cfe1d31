// The Schedules page's filters applied to the lessons a viewer may see (src/common/lesson-filters.ts).
// A teacher's lessons stay their own whatever they pass: the filters only narrow visibleLessons.
import type { Kysely } from 'kysely';
import type { LessonFilters } from '#common/lesson-filters.ts';
import type { Database } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { classMatches, visibleClasses } from '#server/features/classes/index.ts';
import { addDays, startOfLocalDate } from '#server/lib/center-time.ts';
import { isCenterWideViewer } from '#server/lib/center-wide-cache.ts';
import { teacherLessons, visibleLessons } from './queries.ts';

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

/**
 * The lessons (s) of the classes (c) the viewer may see, narrowed by `scope`, nothing selected.
 * Admin and staff start from the lessons (their time index) unless a class or a teacher is
 * chosen: then from those few classes, whose lessons the (class_id, start_time) index holds in
 * time order (see visibility.ts on join order).
 */
export function filteredLessons(db: Kysely<Database>, viewer: SessionUser, scope: LessonScope) {
  const centerWide = isCenterWideViewer(viewer);
  // A chosen teacher's lessons are those of their classes and those they cover, as they see them.
  const ofTeacher = centerWide && scope.teacher_id ? scope.teacher_id : null;
  const fromClasses = centerWide && Boolean(scope.class_id);
  let query = ofTeacher
    ? teacherLessons(db, ofTeacher)
    : fromClasses
      ? visibleClasses(db, viewer)
          .crossJoin('schedules as s')
          .whereRef('s.class_id', '=', 'c.class_id')
      : visibleLessons(db, viewer);
  if (scope.class_id) query = query.where('c.class_id', '=', scope.class_id);
  if (scope.teacher_id && !ofTeacher) {
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
