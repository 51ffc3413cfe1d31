// The reminder job: 15 minutes before a lesson, its teacher (its substitute when covered) and
// enrolled students are told. Every
// server process runs it each minute; the reminders' dedupe key ('reminder:{lesson}:{user}') is
// unique in the table, so each is made once whichever process, or run, gets there first, and a
// restart picks up where the last run left off (the state is the table itself). It also drops
// notifications older than 30 days.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import { addNotifications, classAudiences, type NewNotification } from './notify.ts';

export const REMINDER_LEAD_MS = 15 * 60_000;
export const REMINDER_INTERVAL_MS = 60_000;
export const NOTIFICATION_KEEP_MS = 30 * 86_400_000;
const LESSONS_PER_RUN = 200;

/** One run: reminders for lessons starting within 15 minutes; returns how many were made. */
export async function sendLessonReminders(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const soon = await db
    .selectFrom('schedules as s')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .select([
      's.schedule_id',
      's.class_id',
      's.topic',
      's.start_time',
      's.substitute_teacher_id',
      'c.class_name',
    ])
    .where('s.status', '=', 'pending')
    .where('c.is_active', '=', true)
    // Not yet started, and starting within the lead time: a lesson whose start passed while no
    // process ran gets no "starts in 15 minutes" afterwards.
    .where('s.start_time', '>', now.toISOString())
    .where('s.start_time', '<=', new Date(now.getTime() + REMINDER_LEAD_MS).toISOString())
    .orderBy('s.start_time')
    .limit(LESSONS_PER_RUN)
    .execute();
  const audiences = await classAudiences(
    db,
    soon.map((lesson) => lesson.class_id),
  );
  const reminders: NewNotification[] = [];
  for (const lesson of soon) {
    const audience = audiences.get(lesson.class_id);
    if (!audience) continue;
    // A covered lesson's reminder goes to its substitute, not the class's teacher.
    const teacherId = lesson.substitute_teacher_id ?? audience.teacherId;
    for (const userId of [teacherId, ...audience.studentIds]) {
      reminders.push({
        userId,
        type: 'lesson_starting_soon',
        params: {
          class_name: lesson.class_name,
          topic: lesson.topic,
          start_time: new Date(lesson.start_time).toISOString(),
        },
        scheduleId: lesson.schedule_id,
        classId: lesson.class_id,
        dedupeKey: `reminder:${lesson.schedule_id}:${userId}`,
      });
    }
  }
  const made = await addNotifications(ctx, reminders);
  await db
    .deleteFrom('notifications')
    .where('created_at', '<', new Date(now.getTime() - NOTIFICATION_KEEP_MS).toISOString())
    .execute();
  return made;
}

/**
 * A moved lesson is reminded of again before its new time: the reminders already made for it keep
 * their text but give up their dedupe key (it gets the notification's own id appended, which no
 * other row has), so the next run may make the new ones.
 */
export async function releaseReminders(ctx: AppContext, scheduleIds: readonly string[]) {
  for (const scheduleId of scheduleIds) {
    await ctx.database.db
      .updateTable('notifications')
      .set({ dedupe_key: sql<string>`dedupe_key || ':moved:' || notification_id` })
      .where('dedupe_key', 'like', `reminder:${scheduleId}:%`)
      .where('dedupe_key', 'not like', '%:moved:%')
      .execute();
  }
}

/**
 * Runs the job every minute, once at start-up, and as soon as lessons change (a lesson added ten
 * minutes before it starts is reminded of at once, not at the next minute); the returned function
 * stops it.
 */
export function startLessonReminders(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await sendLessonReminders(ctx);
      } while (again);
    } catch (error) {
      log.warn({ err: error }, 'the lesson reminder run failed; the next one retries');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, REMINDER_INTERVAL_MS);
  timer.unref();
  const unsubscribe = ctx.events.subscribe((event) => {
    if (event.type === EVENT.schedules) void run();
  });
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
