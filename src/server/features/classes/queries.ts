// Reading classes with their teacher and counts in one query (no query per row).
import type { Kysely } from 'kysely';
import type { ClassDto } from '#common/dto.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { unseenRecordError } from '#server/db/visibility.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
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
