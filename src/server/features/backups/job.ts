// The daily backup (docs/decisions/042-backups.md): every minute each process looks whether the
// day's backup time (center time) has passed without a scheduled backup since; the lease in
// run-backup.ts lets one of them run it. A center that never had a scheduled backup waits for the
// first time after start-up (a fresh install does not back up at once); one that has catches up
// after being down at the time.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { addDays, instantOfLocalTime, localDate } from '#server/lib/center-time.ts';
import { backupsAvailable, startBackup } from './run-backup.ts';
import { readBackupSettings } from './settings.ts';

const CHECK_EVERY_MS = 60_000;

/** The last instant the schedule named, at or before `now`. */
export function lastScheduledInstant(now: Date, time: string, timeZone: string): Date {
  const today = localDate(now, timeZone);
  const todays = instantOfLocalTime(today, time, timeZone);
  return todays.getTime() <= now.getTime()
    ? todays
    : instantOfLocalTime(addDays(today, -1), time, timeZone);
}

/** The next instant the schedule names, after `now`. */
export function nextScheduledInstant(now: Date, time: string, timeZone: string): Date {
  const today = localDate(now, timeZone);
  const todays = instantOfLocalTime(today, time, timeZone);
  return todays.getTime() > now.getTime()
    ? todays
    : instantOfLocalTime(addDays(today, 1), time, timeZone);
}

/** One look: starts the scheduled backup when it is due. Returns whether one was started. */
export async function runBackupSchedule(
  ctx: AppContext,
  log: FastifyBaseLogger,
  armedAt: Date,
): Promise<{ started: boolean; done?: Promise<void> }> {
  if (!backupsAvailable(ctx)) return { started: false };
  const settings = await readBackupSettings(ctx);
  if (!settings.enabled) return { started: false };
  const now = ctx.clock.now();
  const slot = lastScheduledInstant(now, settings.time, ctx.config.centerTimezone);
  const scheduled = await ctx.database.db
    .selectFrom('backups')
    .select(['started_at'])
    .where('trigger', '=', 'schedule')
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (scheduled && new Date(scheduled.started_at).getTime() >= slot.getTime()) {
    return { started: false };
  }
  if (!scheduled && slot.getTime() < armedAt.getTime()) return { started: false };
  try {
    const started = await startBackup(ctx, log, 'schedule');
    return { started: true, done: started.done };
  } catch (error) {
    if (error instanceof AppError && error.code === 'BACKUP_RUNNING') return { started: false };
    throw error;
  }
}

export function startBackupSchedule(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const armedAt = ctx.clock.now();
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await runBackupSchedule(ctx, log, armedAt);
      await result.done;
    } catch (error) {
      log.warn({ err: error }, 'the backup schedule failed; the next look retries');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
