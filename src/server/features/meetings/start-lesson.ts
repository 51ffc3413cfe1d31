import { EVENT } from '#common/events.ts';
import type { MeetingLaunchDto } from '#common/meetings.ts';
import type { AppContext } from '#server/context.ts';
import { forUpdate } from '#server/db/locking.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import type {
  HostAccount,
  LessonMeeting,
  VideoProvider,
} from '#server/features/providers/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { localDateTimeText } from '#server/lib/center-time.ts';
import { type LessonRow, launchReply, lessonForAction } from './find-lesson.ts';
import { hostOf, meetingOf } from './lesson-meetings.ts';

/**
 * Reserves the lesson's meeting: its row, and a pool account marked busy, in one transaction.
 * A second start of the same lesson (under way or done) is refused.
 */
async function claimMeeting(
  ctx: AppContext,
  provider: VideoProvider,
  { schedule_id: scheduleId, start_time: startTime }: { schedule_id: string; start_time: string },
) {
  const { db, dialect } = ctx.database;
  const now = ctx.clock.now().toISOString();
  const claimed = await db.transaction().execute(async (trx) => {
    const lesson = await forUpdate(
      trx
        .selectFrom('schedules')
        .select(['status', 'start_time'])
        .where('schedule_id', '=', scheduleId),
      dialect,
    ).executeTakeFirst();
    // Moved since the start's checks read it (lessons/change-one-lesson.ts): not started.
    const moved = lesson && Date.parse(lesson.start_time) !== Date.parse(startTime);
    const taken = await trx
      .selectFrom('lesson_meetings')
      .select('schedule_id')
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirst();
    if (lesson?.status !== 'pending' || taken || moved) return 'busy-lesson' as const;
    const host = provider.pool ? await provider.pool.claim(trx, dialect) : undefined;
    if (host === null) return null;
    await trx
      .insertInto('lesson_meetings')
      .values({
        schedule_id: scheduleId,
        provider: provider.id,
        external_id: null,
        host_account_id: host?.accountId ?? null,
        join_data: '{}',
        secret_data: '{}',
        created_at: now,
        ended_at: null,
      })
      .execute();
    await trx
      .updateTable('schedules')
      .set({ updated_at: now })
      .where('schedule_id', '=', scheduleId)
      .execute();
    return { host };
  });
  if (claimed === 'busy-lesson') throw new AppError('MEETING_ASSIGN_FAILED');
  if (!claimed) throw new AppError('MEETING_NO_FREE_ACCOUNT');
  if (claimed.host) await ctx.events.publish({ type: EVENT.hostAccounts });
  return claimed.host;
}

/** Gives the reservation back after a failed start; the lesson stays pending. */
async function releaseMeeting(
  ctx: AppContext,
  provider: VideoProvider,
  scheduleId: string,
  host: HostAccount | undefined,
) {
  await ctx.database.db.transaction().execute(async (trx) => {
    const pending = await trx
      .deleteFrom('lesson_meetings')
      .where('schedule_id', '=', scheduleId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('schedules')
            .select('schedule_id')
            .where('schedule_id', '=', scheduleId)
            .where('status', '=', 'pending'),
        ),
      )
      .executeTakeFirst();
    if (Number(pending.numDeletedRows) === 0) return;
    if (host && provider.pool) await provider.pool.release(trx, host.accountId);
  });
  if (host) await ctx.events.publish({ type: EVENT.hostAccounts });
}

/**
 * The online meeting link the lesson's class keeps, if any (a lesson held on it opens it), and
 * whether the class asks for automatic cloud recording.
 */
async function classMeetingOptions(ctx: AppContext, classId: string) {
  const row = await ctx.database.db
    .selectFrom('classes')
    .select(['meeting_link', 'auto_cloud_recording'])
    .where('class_id', '=', classId)
    .executeTakeFirst();
  return {
    link: row?.meeting_link ?? null,
    autoRecording: row ? toBool(row.auto_cloud_recording) : false,
  };
}

async function startMeeting(
  ctx: AppContext,
  actor: SessionUser,
  lesson: LessonRow,
): Promise<MeetingLaunchDto> {
  const { db } = ctx.database;
  const existing = await meetingOf(db, lesson.schedule_id);
  // Already running: the same meeting again, with fresh credentials.
  if (lesson.status === 'active' && existing) {
    const provider = ctx.providers.required(existing.provider);
    const host = await hostOf(ctx, provider, existing);
    if (provider.pool && !host) throw new AppError('MEETING_ASSIGN_FAILED');
    return launchReply(provider, existing, actor, 'host', host);
  }

  // The lesson's venue names its provider: 'zoom', 'room' (a room), 'link' (the class's link).
  const provider = ctx.providers.required(lesson.venue);
  const { link, autoRecording } = await classMeetingOptions(ctx, lesson.class_id);
  const host = await claimMeeting(ctx, provider, lesson);
  try {
    const created = await provider.createMeeting(
      {
        scheduleId: lesson.schedule_id,
        startTime: lesson.start_time,
        endTime: lesson.end_time,
        timezone: ctx.config.centerTimezone,
        room: lesson.room_id ? { roomId: lesson.room_id, name: lesson.room_name ?? '' } : null,
        link,
        autoRecording,
      },
      host,
    );
    const meeting: LessonMeeting = {
      scheduleId: lesson.schedule_id,
      provider: provider.id,
      hostAccountId: host?.accountId ?? null,
      ...created,
    };
    const launch = await launchReply(provider, meeting, actor, 'host', host);
    const now = ctx.clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('lesson_meetings')
        .set({
          external_id: meeting.externalId,
          join_data: JSON.stringify(meeting.join),
          secret_data: JSON.stringify(meeting.secret),
        })
        .where('schedule_id', '=', lesson.schedule_id)
        .execute();
      await trx
        .updateTable('schedules')
        .set({ status: 'active', updated_at: now })
        .where('schedule_id', '=', lesson.schedule_id)
        .execute();
      // A lesson started is a change by the person starting it: the host account it took.
      await recordAudit(trx, {
        action: 'lesson.start',
        recordType: 'lesson',
        recordId: lesson.schedule_id,
        changes: {
          status: { before: lesson.status, after: 'active' },
          provider: { before: null, after: provider.id },
          host_account_id: { before: null, after: host?.accountId ?? null },
        },
      });
    });
    await ctx.events.publish({ type: EVENT.schedules, data: { schedule_id: lesson.schedule_id } });
    return launch;
  } catch (error) {
    await releaseMeeting(ctx, provider, lesson.schedule_id, host);
    throw error;
  }
}

/** Starts (or opens again) a lesson's meeting as host; the class hears that it started. */
export async function startLesson(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string },
): Promise<MeetingLaunchDto> {
  const refusal = new AppError('MEETING_START_FORBIDDEN');
  const lesson = await lessonForAction(ctx, actor, input.scheduleId, 'start_meeting', refusal);
  const now = ctx.clock.now().getTime();
  if (lesson.status === 'cancelled') throw new AppError('LESSON_ALREADY_CANCELLED');
  if (lesson.status === 'completed' || Date.parse(lesson.end_time) <= now) {
    throw new AppError('MEETING_TOO_LATE');
  }
  // A venue that is not connected (a provider without credentials) says so before the start
  // window does: no later try can succeed until an admin connects it.
  if (lesson.status === 'pending') ctx.providers.required(lesson.venue);
  // A started lesson holds a pool account until it ends: not days before it begins.
  const opensAt = Date.parse(lesson.start_time) - ctx.config.earlyStartMs;
  if (lesson.status === 'pending' && now < opensAt) {
    throw new AppError('MEETING_TOO_EARLY', {
      params: {
        time: localDateTimeText(new Date(opensAt), ctx.config.centerTimezone),
        minutes: String(ctx.config.earlyStartMs / 60_000),
      },
    });
  }
  const launch = await startMeeting(ctx, actor, lesson);
  if (lesson.status === 'pending') {
    // Only what a reaction needs: the row also holds the meeting's data, which no reaction may carry.
    const { schedule_id, class_id, class_name, topic, start_time } = lesson;
    await ctx.domainEvents.publish({
      type: 'lesson.started',
      lesson: { schedule_id, class_id, class_name, topic, start_time },
    });
  }
  return launch;
}
