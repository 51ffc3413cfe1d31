// Starting a lesson as host (product.md §7 start flow; the meetings issue): claim a free pool
// account atomically, create the Zoom meeting under it, store it on the lesson and make the
// lesson active, and hand back what the meeting page needs. Any failed step releases the
// account and leaves the lesson pending. Starting an active lesson reuses its meeting.

import { randomInt } from 'node:crypto';
import { EVENT } from '#common/events.ts';
import type { MeetingLaunchDto } from '#common/meetings.ts';
import type { AppContext } from '#server/context.ts';
import { forUpdate } from '#server/db/locking.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { meetingSignature } from '#server/features/zoom/sdk-signature.ts';
import type { ZoomClient } from '#server/features/zoom/zoom-client.ts';

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const meetingPassword = () =>
  Array.from({ length: 8 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

interface Lesson {
  schedule_id: string;
  start_time: string;
  end_time: string;
  status: string;
  zoom_meeting_id: string | null;
  zoom_password: string | null;
  zoom_account_id: string | null;
}

type PoolAccount = { zoom_account_id: string; zoom_user_id: string; email: string };

/**
 * Claims one free pool account for the lesson, marked busy and assigned to it in one
 * transaction. Two teachers starting at the same instant never get the same account: PostgreSQL
 * skips rows another transaction holds; SQLite runs one write transaction at a time.
 */
async function claimAccount(ctx: AppContext, scheduleId: string): Promise<PoolAccount> {
  const { db, dialect } = ctx.database;
  const claimed = await db.transaction().execute(async (trx) => {
    const lessonRow = await forUpdate(
      trx
        .selectFrom('schedules')
        .select(['status', 'zoom_account_id'])
        .where('schedule_id', '=', scheduleId),
      dialect,
    ).executeTakeFirst();
    // Another start of this lesson is under way (or done): do not take a second account.
    if (lessonRow?.status !== 'pending' || lessonRow.zoom_account_id) return 'busy-lesson' as const;
    let query = trx
      .selectFrom('zoom_accounts')
      .select(['zoom_account_id', 'zoom_user_id', 'email'])
      .where('is_active', '=', true)
      .where('is_busy', '=', false)
      .orderBy('created_at')
      .limit(1);
    if (dialect === 'postgres') query = query.forUpdate().skipLocked();
    const account = await query.executeTakeFirst();
    if (!account) return null;
    await trx
      .updateTable('zoom_accounts')
      .set({ is_busy: true })
      .where('zoom_account_id', '=', account.zoom_account_id)
      .execute();
    await trx
      .updateTable('schedules')
      .set({ zoom_account_id: account.zoom_account_id, updated_at: ctx.clock.now().toISOString() })
      .where('schedule_id', '=', scheduleId)
      .execute();
    return account;
  });
  if (claimed === 'busy-lesson') throw new AppError('MEETING_ASSIGN_FAILED');
  if (!claimed) throw new AppError('MEETING_NO_FREE_ACCOUNT');
  await ctx.events.publish({ type: EVENT.zoomAccounts });
  return claimed;
}

/** Gives a claimed account back after a failed start; the lesson stays pending. */
async function releaseAccount(ctx: AppContext, accountId: string, scheduleId: string) {
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('zoom_accounts')
      .set({ is_busy: false })
      .where('zoom_account_id', '=', accountId)
      .execute();
    await trx
      .updateTable('schedules')
      .set({ zoom_account_id: null })
      .where('schedule_id', '=', scheduleId)
      .where('status', '=', 'pending')
      .execute();
  });
  await ctx.events.publish({ type: EVENT.zoomAccounts });
}

/** Creates the Zoom meeting under the account (students wait for the host). */
async function createMeeting(
  ctx: AppContext,
  zoom: ZoomClient,
  lesson: Lesson,
  account: PoolAccount,
) {
  const password = meetingPassword();
  try {
    const meeting = await zoom.createMeeting(account.zoom_user_id, {
      topic: `Online Class Meeting - Schedule ${lesson.schedule_id}`,
      startTime: lesson.start_time,
      durationMinutes: Math.max(
        1,
        Math.round((Date.parse(lesson.end_time) - Date.parse(lesson.start_time)) / 60_000),
      ),
      password,
      timezone: ctx.config.centerTimezone,
    });
    return { ...meeting, password: meeting.password || password };
  } catch (error) {
    throw new AppError('MEETING_CREATE_FAILED', { cause: error });
  }
}

/** What the host's meeting page needs: a host signature and a fresh ZAK for the account. */
async function hostLaunch(
  ctx: AppContext,
  zoom: ZoomClient,
  actor: SessionUser,
  scheduleId: string,
  meeting: { id: string; password: string },
  account: PoolAccount,
): Promise<MeetingLaunchDto> {
  const sdk = ctx.config.zoom.sdk;
  if (!sdk) throw new AppError('MEETING_SDK_NOT_CONFIGURED');
  let zak: string;
  try {
    zak = await zoom.zak(account.zoom_user_id);
  } catch (error) {
    throw new AppError('MEETING_SIGNATURE_FAILED', { cause: error });
  }
  return {
    scheduleId,
    meetingNumber: meeting.id,
    signature: meetingSignature(sdk, meeting.id, 1, ctx.clock.now()),
    password: meeting.password,
    role: 1 as const,
    userName: actor.full_name,
    userEmail: actor.email,
    zak,
    zoomAccountId: account.zoom_account_id,
    account: {
      zoom_account_id: account.zoom_account_id,
      email: account.email,
      is_busy: true,
      is_active: true,
    },
  };
}

export async function startLesson(
  ctx: AppContext,
  actor: SessionUser,
  lesson: Lesson,
): Promise<MeetingLaunchDto> {
  const { db } = ctx.database;
  const zoom = ctx.zoom;
  if (!zoom) throw new AppError('MEETING_NO_FREE_ACCOUNT');

  // Already running: the same meeting again, with a fresh ZAK and signature.
  if (lesson.status === 'active' && lesson.zoom_meeting_id && lesson.zoom_account_id) {
    const account = await db
      .selectFrom('zoom_accounts')
      .select(['zoom_account_id', 'zoom_user_id', 'email'])
      .where('zoom_account_id', '=', lesson.zoom_account_id)
      .executeTakeFirst();
    if (!account) throw new AppError('MEETING_ASSIGN_FAILED');
    const meeting = { id: lesson.zoom_meeting_id, password: lesson.zoom_password ?? '' };
    return hostLaunch(ctx, zoom, actor, lesson.schedule_id, meeting, account);
  }

  const account = await claimAccount(ctx, lesson.schedule_id);
  try {
    const meeting = await createMeeting(ctx, zoom, lesson, account);
    const launch = await hostLaunch(ctx, zoom, actor, lesson.schedule_id, meeting, account);
    await db
      .updateTable('schedules')
      .set({
        status: 'active',
        zoom_meeting_id: meeting.id,
        zoom_password: meeting.password,
        zoom_join_url: meeting.join_url,
        zoom_start_url: meeting.start_url,
        updated_at: ctx.clock.now().toISOString(),
      })
      .where('schedule_id', '=', lesson.schedule_id)
      .execute();
    await ctx.events.publish({ type: EVENT.schedules, data: { schedule_id: lesson.schedule_id } });
    return launch;
  } catch (error) {
    await releaseAccount(ctx, account.zoom_account_id, lesson.schedule_id);
    throw error;
  }
}

/** The account assigned to a lesson, for the meeting page's overlay. */
export async function accountOf(ctx: AppContext, accountId: string | null) {
  if (!accountId) return undefined;
  const row = await ctx.database.db
    .selectFrom('zoom_accounts')
    .selectAll()
    .where('zoom_account_id', '=', accountId)
    .executeTakeFirst();
  return row
    ? {
        zoom_account_id: row.zoom_account_id,
        email: row.email,
        is_busy: toBool(row.is_busy),
        is_active: toBool(row.is_active),
      }
    : undefined;
}
