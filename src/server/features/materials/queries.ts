// Who reaches a material (docs/decisions/038-materials.md), applied inside the query: whoever sees
// its class (visibleClasses: the class's teacher, admin, staff, its students now enrolled, their
// parents), and the substitute of the lesson it is attached to. Who attaches: admin and staff to
// any active class, a teacher to their classes and to the lessons they cover.
import type { Kysely } from 'kysely';
import type { MaterialDto } from '#common/materials.ts';
import type { Database } from '#server/db/schema.ts';
import { unseenRecordError } from '#server/db/visibility.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { visibleClasses } from '#server/features/classes/index.ts';

type Viewer = Pick<SessionUser, 'user_id' | 'role'>;

const isStaffRole = (viewer: Viewer) => viewer.role === 'admin' || viewer.role === 'staff';

/** The materials (m) of active classes (c) the viewer may open, with their lesson (s) if any. */
export function materialsFor(db: Kysely<Database>, viewer: Viewer) {
  return db
    .selectFrom('class_materials as m')
    .innerJoin('classes as c', 'c.class_id', 'm.class_id')
    .leftJoin('schedules as s', 's.schedule_id', 'm.schedule_id')
    .leftJoin('users as u', 'u.user_id', 'm.created_by')
    .where('c.is_active', '=', true)
    .where((eb) => {
      const ofVisibleClass = eb(
        'm.class_id',
        'in',
        visibleClasses(db, viewer).select('c.class_id'),
      );
      if (viewer.role !== 'teacher') return ofVisibleClass;
      // A teacher's: their classes' materials and those of the lessons they cover (by their own
      // index, migration 045), each found by a seek (by class, by lesson) and then read by id,
      // never every material read to test the `or` (bench:school at 10×).
      return eb(
        'm.material_id',
        'in',
        eb
          .selectFrom('class_materials as own')
          .select('own.material_id')
          .where('own.class_id', 'in', visibleClasses(db, viewer).select('c.class_id'))
          .union(
            eb
              .selectFrom('class_materials as lent')
              .select('lent.material_id')
              .where(
                'lent.schedule_id',
                'in',
                eb
                  .selectFrom('schedules as covered')
                  .select('covered.schedule_id')
                  .where('covered.substitute_teacher_id', '=', viewer.user_id),
              ),
          ),
      );
    })
    .select([
      'm.material_id',
      'm.class_id',
      'c.class_name',
      'm.schedule_id',
      's.topic as lesson_topic',
      's.start_time as lesson_start_time',
      'm.kind',
      'm.title',
      'm.description',
      'm.url',
      'm.file_name',
      'm.content_type',
      'm.size',
      'm.created_by',
      'm.created_at',
      'u.full_name as created_by_name',
    ]);
}

export type MaterialRow = Awaited<ReturnType<ReturnType<typeof materialsFor>['execute']>>[number];

export const canDeleteMaterial = (viewer: Viewer, row: { created_by: string | null }) =>
  isStaffRole(viewer) || (row.created_by !== null && row.created_by === viewer.user_id);

export const fileUrlOf = (materialId: string) => `/api/materials/${materialId}/file`;

export function toMaterialDto(row: MaterialRow, viewer: Viewer): MaterialDto {
  return {
    material_id: row.material_id,
    class_id: row.class_id,
    class_name: row.class_name,
    schedule_id: row.schedule_id,
    lesson_topic: row.lesson_topic ?? null,
    lesson_start_time: row.lesson_start_time ? new Date(row.lesson_start_time).toISOString() : null,
    kind: row.kind,
    title: row.title,
    description: row.description,
    url: row.kind === 'link' ? row.url : null,
    file_name: row.file_name,
    content_type: row.content_type,
    size: row.size === null ? null : Number(row.size),
    open_url: row.kind === 'link' ? (row.url ?? '') : fileUrlOf(row.material_id),
    created_at: new Date(row.created_at).toISOString(),
    created_by_name: row.created_by_name ?? null,
    can_delete: canDeleteMaterial(viewer, row),
  };
}

/** The class a viewer may attach to, or the refusal (403 when it exists, 404 when not). */
export async function classToAttachTo(db: Kysely<Database>, viewer: Viewer, classId: string) {
  let query = db
    .selectFrom('classes')
    .select('class_id')
    .where('class_id', '=', classId)
    .where('is_active', '=', true);
  if (!isStaffRole(viewer)) query = query.where('teacher_id', '=', viewer.user_id);
  const row = await query.executeTakeFirst();
  if (!row) throw await unseenRecordError(db, 'class', classId);
  return { classId: row.class_id, scheduleId: null };
}

/** The lesson a viewer may attach to (its class's teacher or its substitute), or the refusal. */
export async function lessonToAttachTo(db: Kysely<Database>, viewer: Viewer, scheduleId: string) {
  let query = db
    .selectFrom('schedules as s')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .select(['s.schedule_id', 's.class_id'])
    .where('s.schedule_id', '=', scheduleId)
    .where('c.is_active', '=', true);
  if (!isStaffRole(viewer)) {
    query = query.where((eb) =>
      eb.or([
        eb('c.teacher_id', '=', viewer.user_id),
        eb('s.substitute_teacher_id', '=', viewer.user_id),
      ]),
    );
  }
  const row = await query.executeTakeFirst();
  if (!row) throw await unseenRecordError(db, 'schedule', scheduleId);
  return { classId: row.class_id, scheduleId: row.schedule_id };
}

/** Whether the material exists at all (a 403 for one the viewer may not open, else a 404). */
export async function materialExists(db: Kysely<Database>, materialId: string) {
  const row = await db
    .selectFrom('class_materials as m')
    .innerJoin('classes as c', 'c.class_id', 'm.class_id')
    .select('m.material_id')
    .where('m.material_id', '=', materialId)
    .where('c.is_active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}
