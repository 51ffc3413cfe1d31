// Whether lessons may be booked: the one overlap query (a lesson of the same class, or of the
// teacher's other active classes; a cancelled one holds no time) and the one lock that makes
// booking a teacher's time serial. A new lesson and a moved one go through refuseClash alike.
import type { Kysely, Transaction } from 'kysely';
import type { SeriesClash } from '#common/lesson-series.ts';
import type { Dialect } from '#server/db/connection.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';

export interface PlannedLesson {
  start: Date;
  end: Date;
}

export interface Clash {
  clash: SeriesClash | null;
  clash_with: string | null;
}

const time = (value: string | Date) => new Date(value).getTime();

/**
 * Takes the teacher's row lock (PostgreSQL): one booking of the teacher's time at a time. SQLite
 * runs one write transaction at a time anyway.
 */
export async function lockTeacher(trx: Transaction<Database>, dialect: Dialect, teacherId: string) {
  await forUpdate(
    trx.selectFrom('users').select('user_id').where('user_id', '=', teacherId),
    dialect,
  ).execute();
}

/**
 * What each planned lesson runs into: a time already past, another lesson of the class, or a
 * lesson of the teacher's other (active) classes. One read covers the whole span.
 */
export async function findOverlaps(
  db: Kysely<Database>,
  planned: {
    classId: string;
    teacherId: string;
    lessons: readonly PlannedLesson[];
    now: Date;
    /** Lessons being moved themselves (they do not clash with their old times). */
    ignoredLessonIds?: readonly string[];
  },
): Promise<Clash[]> {
  const { classId, teacherId, lessons, now, ignoredLessonIds = [] } = planned;
  const first = lessons[0];
  const last = lessons.at(-1);
  if (!first || !last) return [];
  let query = db
    .selectFrom('schedules as s')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .select(['s.class_id', 's.start_time', 's.end_time', 'c.class_name'])
    .where('s.start_time', '<', last.end.toISOString())
    .where('s.end_time', '>', first.start.toISOString())
    .where('s.status', '!=', 'cancelled')
    .where((eb) =>
      eb.or([
        eb('s.class_id', '=', classId),
        eb.and([eb('c.teacher_id', '=', teacherId), eb('c.is_active', '=', true)]),
      ]),
    );
  if (ignoredLessonIds.length > 0) query = query.where('s.schedule_id', 'not in', ignoredLessonIds);
  const existing = (await query.execute()).map((row) => ({
    ownClass: row.class_id === classId,
    start: time(row.start_time),
    end: time(row.end_time),
    className: row.class_name,
  }));
  return lessons.map((lesson) => {
    if (lesson.start.getTime() < now.getTime()) return { clash: 'past', clash_with: null };
    const overlapping = existing.filter(
      (other) => other.start < lesson.end.getTime() && other.end > lesson.start.getTime(),
    );
    const own = overlapping.find((other) => other.ownClass);
    if (own) return { clash: 'class', clash_with: own.className };
    const teachers = overlapping[0];
    if (teachers) return { clash: 'teacher', clash_with: teachers.className };
    return { clash: null, clash_with: null };
  });
}

/**
 * Refuses one lesson (new, or moved: `ignoredLessonIds` holds itself) that runs into another
 * lesson of its class or of its teacher. Call it in the transaction that writes the lesson, after
 * lockTeacher, so that two bookings of the same time cannot both pass.
 */
export async function refuseClash(
  trx: Transaction<Database>,
  planned: {
    classId: string;
    teacherId: string;
    lesson: PlannedLesson;
    now: Date;
    ignoredLessonIds?: readonly string[];
  },
) {
  const { lesson, ...rest } = planned;
  const [overlap] = await findOverlaps(trx, { ...rest, lessons: [lesson] });
  if (overlap?.clash === 'class') {
    throw new AppError('SCHEDULE_OVERLAP_CLASS', { field: 'start_time' });
  }
  if (overlap?.clash) throw new AppError('SCHEDULE_OVERLAP_TEACHER', { field: 'start_time' });
}
