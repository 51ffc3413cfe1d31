// The Schedules page (product.md §2 and Deviations): one page of lessons, filtered (lesson-filters.ts)
// and in the order asked for, each with its class's student count and its place in the class
// ("buổi n/total"), and the count of lessons per status (cancelled ones have a tab and count of
// their own, and are in "all": product.md, Deviations).
import type { Kysely } from 'kysely';
import { type LessonStatus, PAGE_SIZE } from '#common/constants.ts';
import { EVENT } from '#common/events.ts';
import { type LessonSort, sortParts } from '#common/search.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { createCenterWideCache, isCenterWideViewer } from '#server/lib/center-wide-cache.ts';
import { filteredLessons, isNarrowed, type LessonScope } from './lesson-filters.ts';
import { LESSON_WITH_CLASS_COLUMNS, toLessonDto } from './queries.ts';

/** What changed in a lesson, when only its texts did (no lesson added, removed or moved on). */
export const TOPIC_CHANGE = 'topic' as const;

type StatusCounts = { status: string; n: number | string }[];

/**
 * The per-status counts of the lessons a search and the filters find (the tabs and pages follow
 * them). Unnarrowed, they visit every lesson; for admin and staff they are then the same for
 * everyone and kept (teachers' counts are small: never cached). A topic edit leaves them as they
 * are, so teachers editing topics do not make every admin's page recount.
 */
export function createLessonCounts(ctx: AppContext) {
  const { db } = ctx.database;
  const cache = createCenterWideCache<StatusCounts>(ctx, {
    invalidatedBy: (event) =>
      event.type === EVENT.classes ||
      (event.type === EVENT.schedules && event.data?.change !== TOPIC_CHANGE),
    maxAgeMs: 30_000,
  });
  const count = (viewer: SessionUser): Promise<StatusCounts> =>
    isCenterWideViewer(viewer)
      ? // Every lesson of an active class: counted per class from the (class, status) index
        // alone, then the classes joined in (see migration 003).
        db
          .selectFrom((eb) =>
            eb
              .selectFrom('schedules')
              .select(['class_id', 'status', eb.fn.countAll<number>().as('n')])
              .groupBy(['class_id', 'status'])
              .as('g'),
          )
          .innerJoin('classes as c', 'c.class_id', 'g.class_id')
          .where('c.is_active', '=', true)
          .select((eb) => ['g.status', eb.fn.sum<number>('g.n').as('n')])
          .groupBy('g.status')
          .execute()
      : // The viewer's lessons (a teacher's covered ones too, read as lesson-filters.ts reads
        // them), without the joins the list needs.
        narrowedCounts(db, viewer, {});
  return async (viewer: SessionUser, scope: LessonScope = {}) => {
    const rows = await (isNarrowed(scope)
      ? narrowedCounts(db, viewer, scope)
      : isCenterWideViewer(viewer)
        ? cache.get('counts', () => count(viewer))
        : count(viewer));
    return countsOf(rows);
  };
}

function countsOf(rows: StatusCounts) {
  const counts = { all: 0, pending: 0, active: 0, completed: 0, cancelled: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    counts.all += n;
    if (row.status in counts) counts[row.status as keyof typeof counts] += n;
  }
  return counts;
}

/** The lessons a search or filter finds, counted per status (never cached: they vary). */
function narrowedCounts(db: Kysely<Database>, viewer: SessionUser, scope: LessonScope) {
  return filteredLessons(db, viewer, scope)
    .select((eb) => ['s.status', eb.fn.countAll<number>().as('n')])
    .groupBy('s.status')
    .execute();
}

/**
 * One page of the viewer's lessons, newest first, with the per-lesson counts. The ten ids are
 * chosen first, from the lessons alone (a teacher's from the (class, start, id) index, nothing
 * else read: migration 005); the page is then read starting from those ten, so the details, the
 * teacher and the counts are looked up for ten lessons only.
 */
export function lessonPageQuery(
  db: Kysely<Database>,
  viewer: SessionUser,
  page: number,
  status: LessonStatus | undefined,
  search: LessonSearch = {},
) {
  let scope = filteredLessons(db, viewer, search);
  if (status) scope = scope.where('s.status', '=', status);
  const { byName, direction } = lessonOrder(search.sort);
  let ordered = scope.select('s.schedule_id');
  if (byName) ordered = ordered.orderBy('c.search_name', direction);
  const pageIds = ordered
    .orderBy('s.start_time', byName ? 'desc' : direction)
    .orderBy('s.schedule_id', byName ? 'desc' : direction)
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  // CROSS JOIN keeps SQLite's join order as written: the page first (see visibility.ts).
  return db
    .selectFrom(pageIds.as('page'))
    .crossJoin('schedules as s')
    .whereRef('s.schedule_id', '=', 'page.schedule_id')
    .crossJoin('classes as c')
    .whereRef('c.class_id', '=', 's.class_id')
    .leftJoin('users as t', 't.user_id', 'c.teacher_id')
    .leftJoin('users as sub', 'sub.user_id', 's.substitute_teacher_id')
    .leftJoin('lesson_meetings as m', 'm.schedule_id', 's.schedule_id')
    .leftJoin('rooms as r', 'r.room_id', 's.room_id')
    .leftJoin('users as cb', 'cb.user_id', 's.cancelled_by')
    .select(LESSON_WITH_CLASS_COLUMNS)
    .select((eb) => [
      eb
        .selectFrom('class_students as cs')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('cs.class_id', '=', 's.class_id')
        .as('student_count'),
      // "Buổi n/total" counts the lessons that happen: a cancelled one is no session.
      eb
        .selectFrom('schedules as earlier')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('earlier.class_id', '=', 's.class_id')
        .whereRef('earlier.start_time', '<=', 's.start_time')
        .where('earlier.status', '!=', 'cancelled')
        .as('session_index'),
      eb
        .selectFrom('schedules as every')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('every.class_id', '=', 's.class_id')
        .where('every.status', '!=', 'cancelled')
        .as('session_total'),
    ])
    .$if(byName, (query) => query.orderBy('c.search_name', direction))
    .orderBy('s.start_time', byName ? 'desc' : direction)
    .orderBy('s.schedule_id', byName ? 'desc' : direction);
}

/** The Schedules page's filters and search (lesson-filters.ts), and its order. */
export type LessonSearch = LessonScope & { sort?: LessonSort };

/** By class name (then newest first) or by start time; newest first by default. */
function lessonOrder(sort: LessonSort = '-start_time') {
  const { key, direction } = sortParts(sort);
  return { byName: key === 'name', direction };
}

export function createLessonList(
  ctx: AppContext,
  lessonCounts: ReturnType<typeof createLessonCounts> = createLessonCounts(ctx),
) {
  const { db } = ctx.database;
  return async (
    viewer: SessionUser,
    page: number,
    status: LessonStatus | undefined,
    search: LessonSearch = {},
  ) => {
    const { sort: _order, ...scope } = search;
    const [rows, counts] = await Promise.all([
      lessonPageQuery(db, viewer, page, status, search).execute(),
      lessonCounts(viewer, scope),
    ]);
    return {
      items: rows.map((row) => toLessonDto(row, viewer)),
      // The total comes from the counts (already at hand), not from a second count query.
      total: status ? counts[status] : counts.all,
      page,
      pageSize: PAGE_SIZE,
      counts,
    };
  };
}
