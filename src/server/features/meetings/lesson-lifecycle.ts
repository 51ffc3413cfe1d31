// How a live lesson ends, and so frees its pool account (for a provider with a pool):
// - on purpose: the class's teacher or an admin ends it (POST /api/schedules/:id/end), and the
//   provider's meeting is ended with it;
// - by the provider's webhook saying the meeting ended;
// - without a webhook (not configured, or lost): once its end time has passed, the job below asks
//   the provider whether the meeting still runs, and completes the lesson when it does not;
// - at the latest, past its end time plus a grace period, the job ends it whatever the provider
//   says.
// Every path goes through completeLesson, a conditional UPDATE: of several processes, repeated
// deliveries and a click racing them, exactly one wins, and only the winner asks the provider to
// end the meeting (so it is asked once at most).

import type { FastifyBaseLogger } from 'fastify';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import type { LessonMeeting } from '#server/features/providers/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { meetingOf, toLessonMeeting } from './lesson-meetings.ts';

export const EXPIRY_GRACE_MS = 15 * 60_000;
export const EXPIRY_INTERVAL_MS = 60_000;
/** Lessons looked at per run; the next run takes the rest. */
const LESSONS_PER_RUN = 100;

/**
 * Completes an active lesson, marks its meeting ended and frees its pool account. Returns the
 * lesson's meeting (null when it had none) to the one caller that completed it, and undefined
 * when it was not active any more.
 */
export async function completeLesson(
  ctx: AppContext,
  scheduleId: string,
): Promise<{ meeting: LessonMeeting | null } | undefined> {
  const { db } = ctx.database;
  const now = ctx.clock.now().toISOString();
  const done = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('schedules')
      .set({ status: 'completed', updated_at: now })
      .where('schedule_id', '=', scheduleId)
      .where('status', '=', 'active')
      .returning('schedule_id')
      .executeTakeFirst();
    if (!row) return undefined;
    const meeting = await trx
      .updateTable('lesson_meetings')
      .set({ ended_at: now })
      .where('schedule_id', '=', scheduleId)
      .returningAll()
      .executeTakeFirst();
    const pool = meeting && ctx.providers.get(meeting.provider)?.pool;
    if (meeting?.host_account_id && pool) await pool.release(trx, meeting.host_account_id);
    // By the person ending it; by no one when the provider or the expiry job ends it.
    await recordAudit(trx, {
      action: 'lesson.end',
      recordType: 'lesson',
      recordId: scheduleId,
      changes: { status: { before: 'active', after: 'completed' } },
    });
    return { meeting: meeting ? toLessonMeeting(meeting) : null };
  });
  if (done) {
    await ctx.events.publish({ type: EVENT.schedules, data: { schedule_id: scheduleId } });
    await ctx.events.publish({ type: EVENT.hostAccounts });
  }
  return done;
}

/**
 * Ends a lesson whose meeting may still be running: completes it and, if this call completed it,
 * asks the provider to end the meeting. The lesson is over in our books either way; a meeting the
 * provider refuses to end is logged. False when the lesson was not active any more.
 */
export async function endLesson(
  ctx: AppContext,
  scheduleId: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const done = await completeLesson(ctx, scheduleId);
  if (!done) return false;
  const meeting = done.meeting;
  const provider = meeting && ctx.providers.get(meeting.provider);
  if (meeting && provider?.endMeeting) {
    try {
      await provider.endMeeting(meeting);
    } catch (error) {
      log.warn(
        { err: error, scheduleId },
        'the provider did not end the meeting of a completed lesson',
      );
    }
  }
  return true;
}

/**
 * One run of the job: lessons still active past their end time are completed when the provider says
 * their meeting is no longer running, and past the grace period in any case. Returns how many
 * this run completed.
 */
export async function expireOverdueLessons(
  ctx: AppContext,
  log: FastifyBaseLogger,
): Promise<number> {
  const now = ctx.clock.now().getTime();
  const overdue = await ctx.database.db
    .selectFrom('schedules')
    .select(['schedule_id', 'end_time'])
    .where('status', '=', 'active')
    .where('end_time', '<', new Date(now).toISOString())
    .orderBy('end_time')
    .limit(LESSONS_PER_RUN)
    .execute();
  let ended = 0;
  for (const lesson of overdue) {
    if (Date.parse(lesson.end_time) + EXPIRY_GRACE_MS < now) {
      if (await endLesson(ctx, lesson.schedule_id, log)) ended++;
      continue;
    }
    if (!(await meetingHasEnded(ctx, lesson.schedule_id, log))) continue;
    // Nothing runs on the provider any more, so there is no meeting to end.
    if (await completeLesson(ctx, lesson.schedule_id)) ended++;
  }
  return ended;
}

/**
 * Asks the provider; an answer that does not come (provider down, rate limit), or a provider that
 * cannot say, means "not known to have".
 */
async function meetingHasEnded(
  ctx: AppContext,
  scheduleId: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const meeting = await meetingOf(ctx.database.db, scheduleId);
  if (!meeting?.externalId) return true;
  const provider = ctx.providers.get(meeting.provider);
  if (!provider?.isRunning) return false;
  try {
    return !(await provider.isRunning(meeting));
  } catch (error) {
    log.warn({ err: error, scheduleId }, 'could not ask the provider whether a meeting still runs');
    return false;
  }
}

/** Runs the job every minute (and once at start-up); the returned function stops it. */
export function startLessonExpiry(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await expireOverdueLessons(ctx, log);
    } catch (error) {
      // The database may be briefly unreachable; the next run tries again.
      log.warn({ err: error }, 'the lesson expiry run failed; the next one retries');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, EXPIRY_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
