// How a live lesson ends: by Zoom's meeting.ended webhook, or — when no end event came — by the
// expiry job once its end time has passed by a grace period. Either way the lesson becomes
// completed and its account free, exactly once: the status change is a conditional UPDATE, so
// of several processes (or repeated deliveries) only one wins.
import type { AppContext } from '../../context.ts';
import { SCHEDULES_EVENT } from '../schedules/routes.ts';
import { ZOOM_ACCOUNTS_EVENT } from './accounts-routes.ts';

export const EXPIRY_GRACE_MS = 15 * 60_000;
export const EXPIRY_INTERVAL_MS = 60_000;

/** Completes an active lesson and frees its account; false when it was not active any more. */
export async function completeLesson(ctx: AppContext, scheduleId: string): Promise<boolean> {
  const { db } = ctx.database;
  const done = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('schedules')
      .set({ status: 'completed', updated_at: ctx.clock.now().toISOString() })
      .where('schedule_id', '=', scheduleId)
      .where('status', '=', 'active')
      .returning(['zoom_account_id'])
      .executeTakeFirst();
    if (!row) return false;
    if (row.zoom_account_id) {
      await trx
        .updateTable('zoom_accounts')
        .set({ is_busy: false })
        .where('zoom_account_id', '=', row.zoom_account_id)
        .execute();
    }
    return true;
  });
  if (done) {
    await ctx.events.publish({ type: SCHEDULES_EVENT, data: { schedule_id: scheduleId } });
    await ctx.events.publish({ type: ZOOM_ACCOUNTS_EVENT });
  }
  return done;
}

/** Ends every lesson still active past its end time plus the grace period. */
export async function expireOverdueLessons(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - EXPIRY_GRACE_MS).toISOString();
  const overdue = await ctx.database.db
    .selectFrom('schedules')
    .select(['schedule_id', 'zoom_meeting_id'])
    .where('status', '=', 'active')
    .where('end_time', '<', cutoff)
    .limit(100)
    .execute();
  let ended = 0;
  for (const lesson of overdue) {
    if (!(await completeLesson(ctx, lesson.schedule_id))) continue; // another process took it
    ended++;
    if (lesson.zoom_meeting_id && ctx.zoom) {
      // The lesson is over in our books either way; a meeting Zoom refuses to end is logged.
      await ctx.zoom.endMeeting(lesson.zoom_meeting_id).catch(() => {});
    }
  }
  return ended;
}

/** Runs the expiry every minute (and once at start-up); the returned function stops it. */
export function startLessonExpiry(ctx: AppContext): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await expireOverdueLessons(ctx);
    } catch {
      // The database may be briefly unreachable; the next run tries again.
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, EXPIRY_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
