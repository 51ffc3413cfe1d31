// How a live lesson ends, and so frees its pool account:
// - on purpose: the class's teacher or an admin ends it (POST /api/schedules/:id/end), and the
//   Zoom meeting is ended with it;
// - by Zoom's meeting.ended webhook;
// - without a webhook (not configured, or lost): once its end time has passed, the job below asks
//   Zoom whether the meeting still runs, and completes the lesson when it does not;
// - at the latest, past its end time plus a grace period, the job ends it whatever Zoom says.
// Every path goes through completeLesson, a conditional UPDATE: of several processes, repeated
// deliveries and a click racing them, exactly one wins, and only the winner asks Zoom to end the
// meeting (so it is asked once at most).

import type { FastifyBaseLogger } from 'fastify';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';

export const EXPIRY_GRACE_MS = 15 * 60_000;
export const EXPIRY_INTERVAL_MS = 60_000;
/** Lessons looked at per run; the next run takes the rest. */
const LESSONS_PER_RUN = 100;

/**
 * Completes an active lesson and frees its account. Returns the lesson's Zoom meeting (null when
 * it had none) to the one caller that completed it, and undefined when it was not active any more.
 */
export async function completeLesson(
  ctx: AppContext,
  scheduleId: string,
): Promise<{ zoomMeetingId: string | null } | undefined> {
  const { db } = ctx.database;
  const done = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('schedules')
      .set({ status: 'completed', updated_at: ctx.clock.now().toISOString() })
      .where('schedule_id', '=', scheduleId)
      .where('status', '=', 'active')
      .returning(['zoom_account_id', 'zoom_meeting_id'])
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.zoom_account_id) {
      await trx
        .updateTable('zoom_accounts')
        .set({ is_busy: false })
        .where('zoom_account_id', '=', row.zoom_account_id)
        .execute();
    }
    return { zoomMeetingId: row.zoom_meeting_id };
  });
  if (done) {
    await ctx.events.publish({ type: EVENT.schedules, data: { schedule_id: scheduleId } });
    await ctx.events.publish({ type: EVENT.zoomAccounts });
  }
  return done;
}

/**
 * Ends a lesson whose meeting may still be running: completes it and, if this call completed it,
 * asks Zoom to end the meeting. The lesson is over in our books either way; a meeting Zoom
 * refuses to end is logged. False when the lesson was not active any more.
 */
export async function endLesson(
  ctx: AppContext,
  scheduleId: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const done = await completeLesson(ctx, scheduleId);
  if (!done) return false;
  if (done.zoomMeetingId && ctx.zoom) {
    try {
      await ctx.zoom.endMeeting(done.zoomMeetingId);
    } catch (error) {
      log.warn({ err: error, scheduleId }, 'Zoom did not end the meeting of a completed lesson');
    }
  }
  return true;
}

/**
 * One run of the job: lessons still active past their end time are completed when Zoom says
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
    .select(['schedule_id', 'zoom_meeting_id', 'end_time'])
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
    if (!(await meetingHasEnded(ctx, lesson.zoom_meeting_id, log))) continue;
    // Nothing runs on Zoom any more, so there is no meeting to end.
    if (await completeLesson(ctx, lesson.schedule_id)) ended++;
  }
  return ended;
}

/** Asks Zoom; an answer that does not come (Zoom down, rate limit) means "not known to have". */
async function meetingHasEnded(
  ctx: AppContext,
  meetingId: string | null,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (!meetingId) return true;
  if (!ctx.zoom) return false;
  try {
    return (await ctx.zoom.meetingStatus(meetingId)) !== 'started';
  } catch (error) {
    log.warn({ err: error, meetingId }, 'could not ask Zoom whether a meeting still runs');
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
