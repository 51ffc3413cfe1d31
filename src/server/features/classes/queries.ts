// Reading classes with their teacher and counts in one query (no query per row).
import type { Kysely } from 'kysely';
import type { ClassDto } from '#common/classes.ts';
import { paginate } from '#server/db/paginate.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { unseenRecordError } from '#server/db/visibility.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { activeUserIdsOfRole } from '#server/features/users/index.ts';
import { visibleClasses } from './visibility.ts';

export function classesWithDetails(db: Kysely<Database>, viewer: SessionUser) {
  return visibleClasses(db, viewer)
    .innerJoin('users as t', 't.user_id', 'c.teacher_id')
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
    ])
    .select((eb) => [
      eb
        .selectFrom('class_students as cs')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('cs.class_id', '=', 'c.class_id')
        .as('student_count'),
      eb
        .selectFrom('schedules as s')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('s.class_id', '=', 'c.class_id')
        .as('schedule_count'),
      // Held lessons for a student's progress (issue 25 point 9): completed out of all.
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

export function toClassDto(row: ClassRow): ClassDto {
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
  };
}

/** One class the viewer may see; 403 for a class that is not theirs, 404 for none. */
export async function findVisibleClass(db: Kysely<Database>, viewer: SessionUser, classId: string) {
  const row = await classesWithDetails(db, viewer)
    .where('c.class_id', '=', classId)
    .executeTakeFirst();
  if (!row) throw await unseenRecordError(db, 'class', classId);
  return toClassDto(row);
}

type ClassFilter = { page: number; from?: string | undefined; to?: string | undefined };

/**
 * The classes a viewer may see whose period overlaps [from, to]: the rows of the page, newest
 * first (the (is_active, created_at desc, class_id) index's own order: migration 005), and the
 * same classes to count, without the joins that only add columns.
 */
export function classListQueries(db: Kysely<Database>, viewer: SessionUser, filter: ClassFilter) {
  let query = classesWithDetails(db, viewer);
  let counted = visibleClasses(db, viewer);
  if (filter.from) {
    query = query.where('c.end_date', '>=', filter.from);
    counted = counted.where('c.end_date', '>=', filter.from);
  }
  if (filter.to) {
    query = query.where('c.start_date', '<=', filter.to);
    counted = counted.where('c.start_date', '<=', filter.to);
  }
  return { query: query.orderBy('c.created_at', 'desc').orderBy('c.class_id'), counted };
}

export async function listClasses(db: Kysely<Database>, viewer: SessionUser, filter: ClassFilter) {
  const { query, counted } = classListQueries(db, viewer, filter);
  const page = await paginate(query, filter.page, counted);
  return { ...page, items: page.items.map(toClassDto) };
}

/** Active teachers a class can be given, by name. */
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

export function teacherOptions(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['user_id', 'full_name', 'username', 'email', 'avatar_url'])
    .where('role', '=', 'teacher')
    .where('is_active', '=', true)
    .orderBy('full_name')
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
    .orderBy('u.full_name')
    .execute();
}

/** Active students not yet in the class, optionally whose name or email contains `search`. */
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
  const q = search?.toLowerCase();
  if (q) {
    // LIKE wildcards typed by the user are dropped rather than escaped (SQLite and PostgreSQL
    // escape differently).
    const pattern = `%${q.replace(/[\\%_]/g, '')}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['u.full_name']), 'like', eb.val(pattern)),
        eb('u.email', 'like', pattern),
      ]),
    );
  }
  return query.orderBy('u.full_name').limit(50).execute();
}

/**
 * The students of the classes a viewer may see, by name, each with those of their classes
 * (two queries per page, not one per row).
 */
export async function studentsOfVisibleClasses(
  db: Kysely<Database>,
  viewer: SessionUser,
  page: number,
) {
  const classIds = visibleClasses(db, viewer).select('c.class_id');
  const students = db
    .selectFrom('users as u')
    .where('u.is_active', '=', true)
    .where('u.role', '=', 'student')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('class_students as cs')
          .select('cs.student_id')
          .whereRef('cs.student_id', '=', 'u.user_id')
          .where('cs.class_id', 'in', classIds),
      ),
    );
  const listed = await paginate(
    students
      .select(['u.user_id', 'u.full_name', 'u.email', 'u.avatar_url'])
      .orderBy('u.full_name')
      .orderBy('u.user_id'),
    page,
  );
  const rows = listed.items;
  // The classes of this page's students, in one query.
  const enrolments = rows.length
    ? await db
        .selectFrom('class_students as cs')
        .innerJoin('classes as k', 'k.class_id', 'cs.class_id')
        .select(['cs.student_id', 'k.class_id', 'k.class_name'])
        .where(
          'cs.student_id',
          'in',
          rows.map((r) => r.user_id),
        )
        .where('cs.class_id', 'in', classIds)
        .orderBy('k.class_name')
        .execute()
    : [];
  return {
    ...listed,
    items: rows.map((row) => ({
      ...row,
      classes: enrolments
        .filter((e) => e.student_id === row.user_id)
        .map(({ class_id, class_name }) => ({ class_id, class_name })),
    })),
  };
}
