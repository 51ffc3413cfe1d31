// Reading classes with their teacher and counts in one query (no query per row).
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { ClassDto } from '#common/classes.ts';
import { hasPermission } from '#common/permissions.ts';
import { type ClassSort, sortParts } from '#common/search.ts';
import { paginate } from '#server/db/paginate.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { containsFolded } from '#server/db/search.ts';
import { unseenRecordError } from '#server/db/visibility.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { activeUserIdsOfRole } from '#server/features/users/index.ts';
import { visibleClasses } from './visibility.ts';

export function classesWithDetails(db: Kysely<Database>, viewer: SessionUser) {
  return visibleClasses(db, viewer)
    .innerJoin('users as t', 't.user_id', 'c.teacher_id')
    .leftJoin('rooms as dr', 'dr.room_id', 'c.default_room_id')
    .select([
      'c.class_id',
      'c.class_name',
      'c.description',
      'c.teacher_id',
      'c.start_date',
      'c.end_date',
      'c.created_by',
      'c.is_active',
      'c.created_at',
      'c.updated_at',
      't.full_name as teacher_name',
      't.avatar_url as teacher_avatar_url',
      'c.default_venue',
      'c.default_room_id',
      'dr.name as default_room_name',
      'c.meeting_link',
      'c.auto_cloud_recording',
      'c.makeup_seats',
    ])
    .select((eb) => [
      eb
        .selectFrom('class_students as cs')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('cs.class_id', '=', 'c.class_id')
        .as('student_count'),
      // Lessons planned: a cancelled one is not (product.md, Deviations).
      eb
        .selectFrom('schedules as s')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('s.class_id', '=', 'c.class_id')
        .where('s.status', '!=', 'cancelled')
        .as('schedule_count'),
      // Held lessons for a student's progress (product.md, Deviations): completed out of planned.
      eb
        .selectFrom('schedules as s')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('s.class_id', '=', 'c.class_id')
        .where('s.status', '=', 'completed')
        .as('held_lesson_count'),
    ]);
}

type ClassRow = Awaited<
  ReturnType<ReturnType<typeof classesWithDetails>['executeTakeFirstOrThrow']>
>;

/** The class as `viewer` may see it: its link only to who may host its lessons. */
export function toClassDto(row: ClassRow, viewer: SessionUser): ClassDto {
  return {
    class_id: row.class_id,
    class_name: row.class_name,
    description: row.description,
    teacher_id: row.teacher_id,
    start_date: row.start_date,
    end_date: row.end_date,
    created_by: row.created_by,
    is_active: toBool(row.is_active),
    created_at: row.created_at,
    updated_at: row.updated_at,
    teacher: { full_name: row.teacher_name, avatar_url: row.teacher_avatar_url },
    student_count: Number(row.student_count ?? 0),
    schedule_count: Number(row.schedule_count ?? 0),
    held_lesson_count: Number(row.held_lesson_count ?? 0),
    default_venue: row.default_venue,
    default_room: row.default_room_id
      ? { room_id: row.default_room_id, name: row.default_room_name ?? '' }
      : null,
    // Students open it with 'Tham gia', for a running lesson of theirs (meetings/join-lesson.ts).
    meeting_link: hasPermission(viewer.role, 'start_meeting') ? row.meeting_link : null,
    auto_cloud_recording: toBool(row.auto_cloud_recording),
    makeup_seats: Number(row.makeup_seats),
  };
}

/** One class the viewer may see; 403 for a class that is not theirs, 404 for none. */
export async function findVisibleClass(db: Kysely<Database>, viewer: SessionUser, classId: string) {
  const row = await classesWithDetails(db, viewer)
    .where('c.class_id', '=', classId)
    .executeTakeFirst();
  if (!row) throw await unseenRecordError(db, 'class', classId);
  return toClassDto(row, viewer);
}

export type ClassFilter = {
  page: number;
  from?: string | undefined;
  to?: string | undefined;
  /** Folded (searchQuery): the class's or its teacher's name contains it. */
  q?: string | undefined;
  sort?: ClassSort;
};

/**
 * The classes a viewer may see whose period overlaps [from, to] and whose name or teacher's name
 * contains `q`: the rows of the page, newest first by default (the (is_active, created_at desc,
 * class_id) index's own order: migration 005) or by name (migration 015's index), and the same
 * classes to count, without the joins that only add columns.
 */
export function classListQueries(db: Kysely<Database>, viewer: SessionUser, filter: ClassFilter) {
  let query = classesWithDetails(db, viewer);
  let counted = visibleClasses(db, viewer);
  const { from, to, q } = filter;
  if (from) {
    query = query.where('c.end_date', '>=', from);
    counted = counted.where('c.end_date', '>=', from);
  }
  if (to) {
    query = query.where('c.start_date', '<=', to);
    counted = counted.where('c.start_date', '<=', to);
  }
  if (q) {
    query = query.where(classMatches(q));
    counted = counted.where(classMatches(q));
  }
  const { key, direction } = sortParts(filter.sort ?? '-created_at');
  const ordered = query
    .orderBy(key === 'name' ? 'c.search_name' : 'c.created_at', direction)
    .orderBy('c.class_id');
  return { query: ordered, counted };
}

/**
 * The class (c)'s name, or its teacher's, contains `q` (folded). Written in SQL so the lessons
 * list, whose rows carry the class as c too, applies the same rule.
 */
export function classMatches(q: string) {
  const teachers = sql`select named.user_id from users as named where named.role = 'teacher' and ${containsFolded(sql.ref('named.search_name'), q)}`;
  return sql<SqlBool>`(${containsFolded(sql.ref('c.search_name'), q)} or c.teacher_id in (${teachers}))`;
}

export async function listClasses(db: Kysely<Database>, viewer: SessionUser, filter: ClassFilter) {
  const { query, counted } = classListQueries(db, viewer, filter);
  const page = await paginate(query, filter.page, counted);
  return { ...page, items: page.items.map((row) => toClassDto(row, viewer)) };
}

/** Active classes by name, for pickers. */
export function classOptions(db: Kysely<Database>) {
  return db
    .selectFrom('classes')
    .select(['class_id', 'class_name'])
    .where('is_active', '=', true)
    .orderBy('class_name')
    .orderBy('class_id')
    .execute();
}

/** Active teachers a class can be given, by name. */
export function teacherOptions(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['user_id', 'full_name', 'username', 'email', 'avatar_url'])
    .where('role', '=', 'teacher')
    .where('is_active', '=', true)
    .orderBy('search_name')
    .orderBy('user_id')
    .limit(1000)
    .execute();
}

export async function assertActiveTeacher(db: Kysely<Database>, teacherId: string) {
  const teachers = await activeUserIdsOfRole(db, 'teacher', [teacherId]);
  if (!teachers.has(teacherId))
    throw new AppError('CLASS_TEACHER_REQUIRED', { field: 'teacher_id' });
}

/** A class's students, by name, with when they were enrolled. */
export function classStudents(db: Kysely<Database>, classId: string) {
  return db
    .selectFrom('class_students as cs')
    .innerJoin('users as u', 'u.user_id', 'cs.student_id')
    .select(['u.user_id', 'u.full_name', 'u.username', 'u.email', 'u.avatar_url', 'cs.enrolled_at'])
    .where('cs.class_id', '=', classId)
    .orderBy('u.search_name')
    .execute();
}

/** Active students not yet in the class, optionally whose name or email contains `search` (folded). */
export function studentOptions(db: Kysely<Database>, classId: string, search?: string) {
  let query = db
    .selectFrom('users as u')
    .select(['u.user_id', 'u.full_name', 'u.username', 'u.email', 'u.avatar_url'])
    .where('u.role', '=', 'student')
    .where('u.is_active', '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('class_students as cs')
            .select('cs.student_id')
            .whereRef('cs.student_id', '=', 'u.user_id')
            .where('cs.class_id', '=', classId),
        ),
      ),
    );
  if (search) {
    query = query.where((eb) =>
      eb.or([
        containsFolded(eb.ref('u.search_name'), search),
        containsFolded(eb.ref('u.email'), search),
      ]),
    );
  }
  return query.orderBy('u.search_name').orderBy('u.user_id').limit(50).execute();
}
