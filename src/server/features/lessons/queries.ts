// Reading lessons with their class, teacher and meeting. What a student receives never includes
// the meeting's secret data (host links, passwords): it is dropped here, for every endpoint.
import type { Kysely } from 'kysely';
import type { LessonDto } from '#common/lessons.ts';
import { hasPermission, takesPartInMeetings } from '#common/permissions.ts';
import type { Database } from '#server/db/schema.ts';
import { unseenRecordError } from '#server/db/visibility.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { visibleClasses } from '#server/features/classes/index.ts';
import { meetingData } from '#server/features/providers/index.ts';
import { studentLessons } from './booked-lessons.ts';

/**
 * Lessons the viewer may see, with class and teacher. Admin and staff lists start from the
 * lessons (their time index serves "upcoming" and "newest first" directly); teachers and
 * students start from their own classes (see visibility.ts on join order).
 */
export function lessonsWithClass(db: Kysely<Database>, viewer: SessionUser) {
  return visibleLessons(db, viewer)
    .leftJoin('users as t', 't.user_id', 'c.teacher_id')
    .leftJoin('users as sub', 'sub.user_id', 's.substitute_teacher_id')
    .leftJoin('lesson_meetings as m', 'm.schedule_id', 's.schedule_id')
    .leftJoin('rooms as r', 'r.room_id', 's.room_id')
    .leftJoin('users as cb', 'cb.user_id', 's.cancelled_by')
    .select(LESSON_WITH_CLASS_COLUMNS);
}

/**
 * What a lesson row carries: the lesson (s), its class (c), its teacher (t), its substitute (sub),
 * its meeting (m), its room (r), who cancelled it (cb). Never the class's link: who may open it is decided where it
 * is opened.
 */
export const LESSON_WITH_CLASS_COLUMNS = [
  's.schedule_id',
  's.class_id',
  's.topic',
  's.description',
  's.start_time',
  's.end_time',
  's.status',
  's.venue',
  's.room_id',
  'r.name as room_name',
  'm.provider as meeting_provider',
  'm.external_id as meeting_external_id',
  'm.host_account_id as meeting_host_account_id',
  'm.join_data as meeting_join_data',
  'm.secret_data as meeting_secret_data',
  's.created_at',
  's.updated_at',
  's.series_id',
  's.series_index',
  's.cancel_reason',
  's.cancelled_at',
  'cb.full_name as cancelled_by_name',
  'c.class_name',
  'c.teacher_id',
  't.full_name as teacher_name',
  't.avatar_url as teacher_avatar_url',
  's.substitute_teacher_id',
  'sub.full_name as substitute_name',
] as const;

/**
 * The lessons (s) of the classes (c) the viewer may see, nothing selected yet. A teacher sees their
 * own classes' lessons and the lessons they cover as a substitute (docs/decisions/031), not the
 * rest of those lessons' classes.
 */
export function visibleLessons(
  db: Kysely<Database>,
  viewer: Pick<SessionUser, 'user_id' | 'role'>,
) {
  const lessonsFirst = viewer.role === 'admin' || viewer.role === 'staff';
  if (lessonsFirst) {
    return db
      .selectFrom('schedules as s')
      .crossJoin('classes as c')
      .whereRef('c.class_id', '=', 's.class_id')
      .where('c.is_active', '=', true) as unknown as ReturnType<typeof classesThenLessons>;
  }
  if (viewer.role === 'teacher') return teacherLessons(db, viewer.user_id);
  return classesThenLessons(db, viewer);
}

/**
 * A teacher's lessons: those of their classes and those they cover. The classes come first (see
 * visibility.ts on join order), narrowed to theirs and the few holding a lesson they cover (the
 * (substitute, start) index of migration 029 finds those), then each class's lessons by its index.
 */
export function teacherLessons(db: Kysely<Database>, teacherId: string) {
  return db
    .selectFrom('classes as c')
    .crossJoin('schedules as s')
    .whereRef('s.class_id', '=', 'c.class_id')
    .where('c.is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb('c.teacher_id', '=', teacherId),
        eb(
          'c.class_id',
          'in',
          eb
            .selectFrom('schedules as covered')
            .select('covered.class_id')
            .where('covered.substitute_teacher_id', '=', teacherId),
        ),
      ]),
    )
    .where((eb) =>
      eb.or([eb('c.teacher_id', '=', teacherId), eb('s.substitute_teacher_id', '=', teacherId)]),
    ) as unknown as ReturnType<typeof classesThenLessons>;
}

function classesThenLessons(db: Kysely<Database>, viewer: Pick<SessionUser, 'user_id' | 'role'>) {
  // A student's make-up lessons join their own (booked-lessons.ts).
  if (viewer.role === 'student') {
    return studentLessons(db, viewer.user_id) as unknown as ReturnType<typeof teachersClasses>;
  }
  return teachersClasses(db, viewer);
}

function teachersClasses(db: Kysely<Database>, viewer: Pick<SessionUser, 'user_id' | 'role'>) {
  return visibleClasses(db, viewer)
    .crossJoin('schedules as s')
    .whereRef('s.class_id', '=', 'c.class_id');
}

export type LessonListRow = Awaited<
  ReturnType<ReturnType<typeof lessonsWithClass>['executeTakeFirstOrThrow']>
> & { student_count?: number | null; session_index?: number | null; session_total?: number | null };

export function toLessonDto(row: LessonListRow, viewer: SessionUser): LessonDto {
  const dto: LessonDto = {
    schedule_id: row.schedule_id,
    class_id: row.class_id,
    topic: row.topic,
    description: row.description,
    start_time: row.start_time,
    end_time: row.end_time,
    status: row.status,
    venue: row.venue,
    room: row.room_id ? { room_id: row.room_id, name: row.room_name ?? '' } : null,
    meeting: row.meeting_provider
      ? {
          provider: row.meeting_provider,
          external_id: row.meeting_external_id,
          host_account_id: row.meeting_host_account_id,
          // A parent follows the lesson but never joins it (docs/decisions/036-parents.md).
          join: takesPartInMeetings(viewer.role) ? meetingData(row.meeting_join_data) : {},
        }
      : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    class: {
      class_name: row.class_name,
      teacher_id: row.teacher_id,
      teacher: row.teacher_name
        ? { full_name: row.teacher_name, avatar_url: row.teacher_avatar_url ?? null }
        : null,
    },
    substitute_teacher_id: row.substitute_teacher_id ?? null,
    substitute_name: row.substitute_teacher_id ? (row.substitute_name ?? null) : null,
  };
  // Only whoever may host a lesson gets its host link and password.
  if (dto.meeting && hasPermission(viewer.role, 'start_meeting')) {
    dto.meeting.secret = meetingData(row.meeting_secret_data);
  }
  // Who may neither join nor host (a parent, issue 29) gets no link to the meeting at all.
  if (
    dto.meeting &&
    !hasPermission(viewer.role, 'join_meeting') &&
    !hasPermission(viewer.role, 'start_meeting')
  ) {
    dto.meeting.join = {};
  }
  // Only lessons of a series carry these (the lists' replies stay as small as before for others).
  if (row.series_id != null) {
    dto.series_id = row.series_id;
    dto.series_index = row.series_index == null ? null : Number(row.series_index);
  }
  if (row.status === 'cancelled') {
    dto.cancellation = {
      reason: row.cancel_reason ?? '',
      cancelled_at: row.cancelled_at ?? row.updated_at,
      cancelled_by_name: row.cancelled_by_name ?? null,
    };
  }
  if (row.student_count != null) dto.student_count = Number(row.student_count);
  // A cancelled lesson is no session: it has no number among them.
  if (row.session_index != null && row.status !== 'cancelled') {
    dto.session_index = Number(row.session_index);
  }
  if (row.session_total != null) dto.session_total = Number(row.session_total);
  return dto;
}

/** One lesson the viewer may see; 403 for one of a class not theirs, 404 for none. */
export async function findVisibleLesson(
  db: Kysely<Database>,
  viewer: SessionUser,
  scheduleId: string,
) {
  const row = await lessonsWithClass(db, viewer)
    .where('s.schedule_id', '=', scheduleId)
    .executeTakeFirst();
  if (!row) throw await unseenRecordError(db, 'schedule', scheduleId);
  return row;
}

/** A class's lessons in time order (the class is checked visible by the caller). */
export async function classLessons(db: Kysely<Database>, viewer: SessionUser, classId: string) {
  const rows = await lessonsWithClass(db, viewer)
    .where('s.class_id', '=', classId)
    .orderBy('s.start_time')
    .execute();
  return rows.map((row) => toLessonDto(row, viewer));
}
