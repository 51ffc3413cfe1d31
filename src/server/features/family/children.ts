// A parent's children and each child's lessons (issue 29, docs/decisions/036-parents.md). Every
// read for a child starts from isParentOf (#server/lib/family.ts): a parent asking for a child
// not theirs is refused before anything of that child is read.
import {
  CHILD_LESSONS_LIMIT,
  CHILD_LESSONS_PAST_DAYS,
  type ChildDto,
  type ChildLessonsDto,
} from '#common/family.ts';
import { hasPermission } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { lessonsWithClass, toLessonDto } from '#server/features/lessons/index.ts';
import { balanceOf } from '#server/features/tuition/index.ts';
import { childrenOfParent, isParentOf } from '#server/lib/family.ts';

/**
 * The child whose data a viewer asks for: a parent's own child, as the student's own pages read
 * it (a student viewer with the child's id); refused (403) for any other child or viewer.
 */
export async function childOf(
  ctx: AppContext,
  viewer: SessionUser,
  studentId: string,
): Promise<SessionUser> {
  if (!hasPermission(viewer.role, 'view_own_children')) throw new AppError('FORBIDDEN');
  if (!(await isParentOf(ctx.database.db, viewer.user_id, studentId))) {
    throw new AppError('FORBIDDEN');
  }
  const child = await ctx.database.db
    .selectFrom('users')
    .select(['user_id', 'full_name', 'email', 'role'])
    .where('user_id', '=', studentId)
    .executeTakeFirst();
  if (!child) throw new AppError('NOT_FOUND');
  return { ...viewer, user_id: child.user_id, role: 'student', full_name: child.full_name };
}

export async function listChildren(ctx: AppContext, parent: SessionUser): Promise<ChildDto[]> {
  const { db } = ctx.database;
  const ids = await childrenOfParent(db, parent.user_id);
  if (ids.length === 0) return [];
  const [people, classes] = await Promise.all([
    db
      .selectFrom('users')
      .select(['user_id', 'full_name', 'avatar_url'])
      .where('user_id', 'in', ids)
      .where('role', '=', 'student')
      .execute(),
    db
      .selectFrom('class_students as e')
      .innerJoin('classes as c', 'c.class_id', 'e.class_id')
      .select(['e.student_id', 'c.class_id', 'c.class_name'])
      .where('e.student_id', 'in', ids)
      .where('c.is_active', '=', true)
      .orderBy('c.class_name')
      .execute(),
  ]);
  const children: ChildDto[] = [];
  // By name, so the picker keeps one order.
  const byName = [...people].sort((a, b) => a.full_name.localeCompare(b.full_name, 'vi'));
  for (const person of byName) {
    children.push({
      user_id: person.user_id,
      full_name: person.full_name,
      avatar_url: person.avatar_url ?? null,
      classes: classes
        .filter((row) => row.student_id === person.user_id)
        .map((row) => ({ class_id: row.class_id, class_name: row.class_name })),
      balance: Number(await balanceOf(db, person.user_id)),
    });
  }
  return children;
}

/**
 * The child's lessons (their classes' and the make-ups booked for them) from some weeks back on,
 * in time order, as their parent may see them: never a meeting link (toLessonDto with the parent
 * as viewer).
 */
export async function childLessons(
  ctx: AppContext,
  parent: SessionUser,
  studentId: string,
): Promise<ChildLessonsDto> {
  const child = await childOf(ctx, parent, studentId);
  const from = new Date(ctx.clock.now().getTime() - CHILD_LESSONS_PAST_DAYS * 86_400_000);
  const rows = await lessonsWithClass(ctx.database.db, child)
    .where('s.start_time', '>=', from.toISOString())
    .orderBy('s.start_time')
    .limit(CHILD_LESSONS_LIMIT)
    .execute();
  return {
    items: rows.map((row) => toLessonDto(row, parent)),
    timezone: ctx.config.centerTimezone,
  };
}
