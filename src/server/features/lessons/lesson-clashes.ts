// Whether lessons may be booked: the one overlap query (a lesson of the same class, of the
// teacher's other active classes that nobody covers, one they cover as a substitute, or in the
// same room) and the locks that make booking a
// teacher's time, and a room's, serial. A cancelled lesson holds no time. A new lesson and a
// moved one go through refuseClash alike.
import type { Kysely, Transaction } from 'kysely';
import type { SeriesClash } from '#common/lesson-series.ts';
import type { Dialect } from '#server/db/connection.ts';
import { forUpdate } from '#server/db/locking.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { lockRoom } from '#server/features/rooms/index.ts';
import { localDateTimeText } from '#server/lib/center-time.ts';

export interface PlannedLesson {
  start: Date;
  end: Date;
  /** The room it would be held in (a lesson held in a room). */
  roomId?: string | null;
  /** Who teaches it when not the class's teacher: its substitute (docs/decisions/031). */
  teacherId?: string | null;
}

export interface Clash {
  clash: SeriesClash | null;
  clash_with: string | null;
  /** For a room clash: when the lesson already in the room runs (ISO instants). */
  clash_start?: string;
  clash_end?: string;
}

const time = (value: string | Date) => new Date(value).getTime();

/**
 * Takes the class's row lock, then its teacher's (PostgreSQL), and returns the teacher the class
 * has now: one booking of the teacher's time at a time, and a hand-over of the class to another
 * teacher (which locks the class rows first) either waits for this booking or is seen by it.
 * SQLite runs one write transaction at a time anyway.
 */
export async function lockClassTeacher(
  trx: Transaction<Database>,
  dialect: Dialect,
  classId: string,
): Promise<string> {
  const klass = await forUpdate(
    trx.selectFrom('classes').select('teacher_id').where('class_id', '=', classId),
    dialect,
  ).executeTakeFirstOrThrow();
  await forUpdate(
    trx.selectFrom('users').select('user_id').where('user_id', '=', klass.teacher_id),
    dialect,
  ).execute();
  return klass.teacher_id;
}

/**
 * The locks a new booking of these lessons takes, always in this order (the class's, its teacher's, then
 * each room's by id), so two bookings never wait on each other crosswise.
 */
export async function lockBooking(
  trx: Transaction<Database>,
  dialect: Dialect,
  booking: { classId: string; lessons: readonly PlannedLesson[] },
): Promise<string> {
  const teacherId = await lockClassTeacher(trx, dialect, booking.classId);
  await lockRooms(trx, dialect, booking.lessons, 'new');
  return teacherId;
}

/** The rooms' locks (after the teacher's), by id; 'kept': lessons already in them move. */
export async function lockRooms(
  trx: Transaction<Database>,
  dialect: Dialect,
  lessons: readonly PlannedLesson[],
  booking: 'new' | 'kept',
) {
  for (const roomId of roomsOf(lessons)) await lockRoom(trx, dialect, roomId, booking);
}

const roomsOf = (lessons: readonly PlannedLesson[]) =>
  [...new Set(lessons.flatMap((lesson) => (lesson.roomId ? [lesson.roomId] : [])))].sort();

/**
 * What each planned lesson runs into: a time already past, another lesson of the class, a
 * lesson of the teacher's other (active) classes, or another lesson in its room. One read covers
 * the whole span.
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
  const rooms = roomsOf(lessons);
  // Everyone who would teach one of the lessons: the class's teacher and any substitute.
  const teacherIds = [
    ...new Set([teacherId, ...lessons.flatMap((lesson) => lesson.teacherId ?? [])]),
  ];
  let query = db
    .selectFrom('schedules as s')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .select([
      's.class_id',
      's.start_time',
      's.end_time',
      's.room_id',
      'c.class_name',
      'c.teacher_id',
      'c.is_active',
      's.substitute_teacher_id',
    ])
    .where('s.start_time', '<', last.end.toISOString())
    .where('s.end_time', '>', first.start.toISOString())
    .where('s.status', '!=', 'cancelled')
    .where((eb) =>
      eb.or([
        eb('s.class_id', '=', classId),
        eb.and([
          eb('c.is_active', '=', true),
          eb.or([
            eb('c.teacher_id', 'in', teacherIds),
            eb('s.substitute_teacher_id', 'in', teacherIds),
            ...(rooms.length > 0 ? [eb('s.room_id', 'in', rooms)] : []),
          ]),
        ]),
      ]),
    );
  if (ignoredLessonIds.length > 0) query = query.where('s.schedule_id', 'not in', ignoredLessonIds);
  const existing = (await query.execute()).map((row) => ({
    ownClass: row.class_id === classId,
    // Who teaches it: its substitute when it has one (docs/decisions/031), else its class's teacher.
    teacher: toBool(row.is_active) ? (row.substitute_teacher_id ?? row.teacher_id) : null,
    roomId: toBool(row.is_active) ? row.room_id : null,
    start: time(row.start_time),
    end: time(row.end_time),
    startTime: new Date(row.start_time).toISOString(),
    endTime: new Date(row.end_time).toISOString(),
    className: row.class_name,
  }));
  return lessons.map((lesson) => {
    if (lesson.start.getTime() < now.getTime()) return { clash: 'past', clash_with: null };
    const overlapping = existing.filter(
      (other) => other.start < lesson.end.getTime() && other.end > lesson.start.getTime(),
    );
    const own = overlapping.find((other) => other.ownClass);
    if (own) return { clash: 'class', clash_with: own.className };
    const teacher = lesson.teacherId ?? teacherId;
    const teachers = overlapping.find((other) => other.teacher === teacher);
    if (teachers) return { clash: 'teacher', clash_with: teachers.className };
    const room = lesson.roomId && overlapping.find((other) => other.roomId === lesson.roomId);
    if (room) {
      return {
        clash: 'room',
        clash_with: room.className,
        clash_start: room.startTime,
        clash_end: room.endTime,
      };
    }
    return { clash: null, clash_with: null };
  });
}

/** The refusal of one lesson that clashes (a new lesson, a moved one), naming what it runs into. */
export function clashError(clash: Clash | undefined, timeZone: string): AppError | null {
  if (!clash?.clash) return null;
  if (clash.clash === 'class')
    return new AppError('SCHEDULE_OVERLAP_CLASS', { field: 'start_time' });
  if (clash.clash === 'room') {
    const at = (instant: string | undefined) =>
      localDateTimeText(new Date(instant ?? ''), timeZone);
    return new AppError('ROOM_CLASH', {
      field: 'room_id',
      params: {
        class: clash.clash_with ?? '',
        start: at(clash.clash_start),
        end: at(clash.clash_end),
      },
    });
  }
  if (clash.clash === 'past')
    return new AppError('SCHEDULE_START_IN_PAST', { field: 'start_time' });
  return new AppError('SCHEDULE_OVERLAP_TEACHER', { field: 'start_time' });
}

/**
 * Refuses one lesson (new, or moved: `ignoredLessonIds` holds itself) that runs into another
 * lesson of its class, of its teacher, or of its room. Call it in the transaction that writes the
 * lesson, after lockBooking, so that two bookings of the same time cannot both pass.
 */
export async function refuseClash(
  trx: Transaction<Database>,
  planned: {
    classId: string;
    teacherId: string;
    lesson: PlannedLesson;
    now: Date;
    ignoredLessonIds?: readonly string[];
    timeZone: string;
  },
) {
  const { lesson, timeZone, ...rest } = planned;
  const [overlap] = await findOverlaps(trx, { ...rest, lessons: [lesson] });
  const refusal = clashError(overlap, timeZone);
  if (refusal) throw refusal;
}
