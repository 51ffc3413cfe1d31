// Making notifications: stored per user, announced live to that user's open tabs. A notification
// with a dedupe key is made at most once (the key is unique in the table: of two processes, or
// two runs, inserting the same one, one inserts and the other does nothing).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { EVENT } from '#common/events.ts';
import { COPIED_TO_PARENTS, type NotificationType } from '#common/notifications.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import { enqueueNotificationEmails } from '#server/features/email/index.ts';
import type { ChangedLesson, SubstituteChange } from '#server/lib/domain-events.ts';
import { parentsOfStudents } from '#server/lib/family.ts';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  params: Record<string, string>;
  scheduleId?: string | null;
  classId?: string | null;
  dedupeKey?: string | null;
}

const ROWS_PER_INSERT = 500;

/** Stores the notifications (skipping any whose dedupe key exists); returns how many were new. */
export async function addNotifications(
  ctx: AppContext,
  given: readonly NewNotification[],
): Promise<number> {
  if (given.length === 0) return 0;
  const items = [...given, ...(await copiesForParents(ctx, given))];
  const now = ctx.clock.now().toISOString();
  const reached = new Set<string>();
  let inserted = 0;
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) {
    const rows = items.slice(i, i + ROWS_PER_INSERT).map((item) => ({
      notification_id: randomUUID(),
      user_id: item.userId,
      type: item.type,
      params: JSON.stringify(item.params),
      schedule_id: item.scheduleId ?? null,
      class_id: item.classId ?? null,
      dedupe_key: item.dedupeKey ?? null,
      created_at: now,
      read_at: null,
    }));
    // A notification that may also go by e-mail gets its message in the outbox in the same
    // transaction, once (docs/decisions/039-email.md).
    const added = await ctx.database.db.transaction().execute(async (trx) => {
      const stored = await trx
        .insertInto('notifications')
        .values(rows)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning(['notification_id', 'user_id', 'type', 'params', 'schedule_id', 'class_id'])
        .execute();
      await enqueueNotificationEmails(ctx, trx, stored);
      return stored;
    });
    inserted += added.length;
    for (const row of added) reached.add(row.user_id);
  }
  for (const userId of reached) {
    await ctx.events.publish({ type: EVENT.notifications, data: { user_id: userId } });
  }
  return inserted;
}

/**
 * A parent's copy of each of their child's notifications that parents follow (COPIED_TO_PARENTS,
 * issue 29): the child's name added, its own dedupe key (the child's key and the parent), so a copy
 * is made exactly as often as the child's notification.
 */
async function copiesForParents(
  ctx: AppContext,
  items: readonly NewNotification[],
): Promise<NewNotification[]> {
  const copied = items.filter((item) => COPIED_TO_PARENTS.includes(item.type));
  if (copied.length === 0) return [];
  const { db } = ctx.database;
  const parents = await parentsOfStudents(
    db,
    copied.map((item) => item.userId),
  );
  if (parents.size === 0) return [];
  const names = new Map(
    (
      await db
        .selectFrom('users')
        .select(['user_id', 'full_name'])
        .where('user_id', 'in', [...parents.keys()])
        .execute()
    ).map((row) => [row.user_id, row.full_name]),
  );
  // Siblings in one lesson: their parent gets one copy naming both ('An, Bình'), not one each; the
  // copy keeps the first child's key, so making it again still makes it once.
  const copies = new Map<string, NewNotification>();
  for (const item of copied) {
    for (const parentId of parents.get(item.userId) ?? []) {
      const same = `${parentId}|${item.type}|${item.scheduleId ?? ''}|${JSON.stringify(item.params)}`;
      const name = names.get(item.userId) ?? '';
      const earlier = copies.get(same);
      if (earlier) {
        earlier.params.child_name = `${earlier.params.child_name}, ${name}`;
        continue;
      }
      copies.set(same, {
        ...item,
        userId: parentId,
        params: { ...item.params, child_name: name, child_id: item.userId },
        dedupeKey: item.dedupeKey ? `${item.dedupeKey}:parent:${parentId}` : null,
      });
    }
  }
  return [...copies.values()];
}

/** The teacher and the enrolled students of each class, by class. */
export async function classAudiences(
  db: Kysely<Database>,
  classIds: readonly string[],
): Promise<Map<string, { teacherId: string; studentIds: string[] }>> {
  const audiences = new Map<string, { teacherId: string; studentIds: string[] }>();
  if (classIds.length === 0) return audiences;
  const ids = [...new Set(classIds)];
  const [classes, enrolments] = await Promise.all([
    db
      .selectFrom('classes')
      .select(['class_id', 'teacher_id'])
      .where('class_id', 'in', ids)
      .execute(),
    db
      .selectFrom('class_students as cs')
      .innerJoin('users as u', 'u.user_id', 'cs.student_id')
      .select(['cs.class_id', 'cs.student_id'])
      .where('cs.class_id', 'in', ids)
      .where('u.is_active', '=', true)
      .execute(),
  ]);
  for (const klass of classes) {
    audiences.set(klass.class_id, { teacherId: klass.teacher_id, studentIds: [] });
  }
  for (const row of enrolments) audiences.get(row.class_id)?.studentIds.push(row.student_id);
  return audiences;
}

/** Lessons of one class that were moved or cancelled together: one notification per person. */
export async function notifyLessonsChanged(
  ctx: AppContext,
  change: {
    type: 'lesson_moved' | 'lesson_cancelled';
    classId: string;
    className: string;
    /** In time order; the first names the change. */
    lessons: readonly { scheduleId: string; topic: string; start: string; newStart?: string }[];
    /** Who made the change is not told about it. */
    actorId: string;
  },
): Promise<void> {
  const now = ctx.clock.now().getTime();
  // A lesson already past matters to nobody's plans.
  const upcoming = change.lessons.filter((lesson) => Date.parse(lesson.start) > now);
  const first = upcoming[0];
  if (!first) return;
  const audience = (await classAudiences(ctx.database.db, [change.classId])).get(change.classId);
  if (!audience) return;
  const people = [audience.teacherId, ...audience.studentIds].filter((id) => id !== change.actorId);
  await addNotifications(
    ctx,
    people.map((userId) => ({
      userId,
      type: change.type,
      params: {
        class_name: change.className,
        topic: first.topic,
        start_time: new Date(first.start).toISOString(),
        ...(first.newStart ? { new_start_time: new Date(first.newStart).toISOString() } : {}),
        count: String(upcoming.length),
      },
      scheduleId: change.type === 'lesson_moved' ? first.scheduleId : null,
      classId: change.classId,
    })),
  );
}

/**
 * One lesson moved or cancelled: its class's teacher, its substitute and enrolled students are told
 * (not whoever did it).
 * A lesson that had ended before it was cancelled changes nobody's plans: no one is told.
 */
export async function notifyLessonChanged(
  ctx: AppContext,
  change: {
    type: 'lesson_rescheduled' | 'lesson_cancelled_with_reason';
    /** As it was before. */
    lesson: ChangedLesson;
    /** The new times of a move; the reason of a cancel. */
    params: Record<string, string>;
    actorId: string;
  },
): Promise<void> {
  const { lesson } = change;
  const ended = Date.parse(lesson.end) <= ctx.clock.now().getTime();
  if (change.type === 'lesson_cancelled_with_reason' && ended) return;
  const audience = (await classAudiences(ctx.database.db, [lesson.classId])).get(lesson.classId);
  if (!audience) return;
  // A covered lesson's substitute is told too (docs/decisions/031).
  const covering = await ctx.database.db
    .selectFrom('schedules')
    .select('substitute_teacher_id')
    .where('schedule_id', '=', lesson.scheduleId)
    .executeTakeFirst();
  const teachers = [audience.teacherId, covering?.substitute_teacher_id ?? null].filter(
    (id): id is string => id !== null,
  );
  const people = [...teachers, ...audience.studentIds].filter((id) => id !== change.actorId);
  await addNotifications(
    ctx,
    people.map((userId) => ({
      userId,
      type: change.type,
      params: {
        class_name: lesson.className,
        topic: lesson.topic,
        start_time: lesson.start,
        end_time: lesson.end,
        ...change.params,
      },
      scheduleId: lesson.scheduleId,
      classId: lesson.classId,
    })),
  );
}

/** A lesson has started: its enrolled students are told (once per lesson and student). */
export async function notifyLessonStarted(
  ctx: AppContext,
  lesson: {
    schedule_id: string;
    class_id: string;
    class_name: string;
    topic: string;
    start_time: string;
  },
): Promise<void> {
  const audience = (await classAudiences(ctx.database.db, [lesson.class_id])).get(lesson.class_id);
  if (!audience) return;
  await addNotifications(
    ctx,
    audience.studentIds.map((userId) => ({
      userId,
      type: 'lesson_started' as const,
      params: {
        class_name: lesson.class_name,
        topic: lesson.topic,
        start_time: new Date(lesson.start_time).toISOString(),
      },
      scheduleId: lesson.schedule_id,
      classId: lesson.class_id,
      dedupeKey: `started:${lesson.schedule_id}:${userId}`,
    })),
  );
}

/** Students were enrolled in a class: each is told. */
export async function notifyEnrolled(
  ctx: AppContext,
  classId: string,
  studentIds: readonly string[],
): Promise<void> {
  const klass = await ctx.database.db
    .selectFrom('classes')
    .select(['class_name', 'start_date'])
    .where('class_id', '=', classId)
    .executeTakeFirst();
  if (!klass) return;
  await addNotifications(
    ctx,
    studentIds.map((userId) => ({
      userId,
      type: 'enrolled' as const,
      params: { class_name: klass.class_name, start_date: String(klass.start_date) },
      classId,
    })),
  );
}

/**
 * Lessons given to a substitute or taken back (docs/decisions/031): the new substitute is told
 * what they now teach, a substitute replaced or taken back what they no longer teach, and the
 * class's teacher who covers their lessons now (or that they are theirs again). Whoever made the
 * change is not told; a lesson already begun concerns nobody's plans.
 */
export async function notifySubstituteChanged(
  ctx: AppContext,
  change: SubstituteChange,
): Promise<void> {
  const now = ctx.clock.now().getTime();
  const upcoming = change.lessons.filter((lesson) => Date.parse(lesson.start) > now);
  const params = (lessons: SubstituteChange['lessons']) => {
    const first = lessons[0];
    if (!first) return null;
    return {
      class_name: change.className,
      topic: first.topic,
      start_time: first.start,
      count: String(lessons.length),
    };
  };
  const items: NewNotification[] = [];
  const tell = (
    userId: string,
    type: NotificationType,
    lessons: SubstituteChange['lessons'],
    extra: Record<string, string> = {},
  ) => {
    const values = params(lessons);
    if (!values || userId === change.actorId) return;
    items.push({
      userId,
      type,
      params: { ...values, ...extra },
      scheduleId: lessons[0]?.scheduleId ?? null,
      classId: change.classId,
    });
  };
  if (change.substituteId) tell(change.substituteId, 'substitute_given', upcoming);
  const previous = new Set(upcoming.flatMap((lesson) => lesson.previousSubstituteId ?? []));
  for (const userId of previous) {
    if (userId === change.substituteId) continue;
    tell(
      userId,
      'substitute_taken_back',
      upcoming.filter((lesson) => lesson.previousSubstituteId === userId),
    );
  }
  if (change.substituteId) {
    tell(change.classTeacherId, 'lesson_covered', upcoming, {
      substitute_name: change.substituteName ?? '',
    });
  } else {
    tell(change.classTeacherId, 'lesson_given_back', upcoming);
  }
  // A taken-back lesson's notifications link to a lesson they no longer see: no link for them.
  await addNotifications(
    ctx,
    items.map((item) =>
      item.type === 'substitute_taken_back' ? { ...item, scheduleId: null, classId: null } : item,
    ),
  );
}
