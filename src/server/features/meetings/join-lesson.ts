// Joining a running lesson's meeting as a participant (product.md §6: join_meeting, for a lesson
// the user can see), and the credentials the meeting page fetches instead of reading them from its
// address (a host's fresh key, a participant's key for the provider's reports).
import type { MeetingLaunchDto } from '#common/meetings.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { launchReply, launchUser, lessonForAction } from './find-lesson.ts';
import { hostOf, meetingOf, providerOf } from './lesson-meetings.ts';

export async function joinLesson(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string },
): Promise<MeetingLaunchDto> {
  const refusal = new AppError('FORBIDDEN');
  const lesson = await lessonForAction(ctx, actor, input.scheduleId, 'join_meeting', refusal);
  if (lesson.status !== 'active') throw new AppError('MEETING_CANNOT_JOIN');
  const meeting = await meetingOf(ctx.database.db, lesson.schedule_id);
  if (!meeting) throw new AppError('MEETING_NOT_STARTED');
  const provider = providerOf(ctx, meeting);
  const host = await hostOf(ctx, provider, meeting);
  return launchReply(provider, meeting, actor, 'participant', host);
}

/** For a running lesson only: the host's credentials to whoever may start it, or a participant's. */
export async function meetingKeys(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string; role: 'host' | 'participant' },
): Promise<Record<string, string>> {
  const host = input.role === 'host';
  const refusal = new AppError(host ? 'MEETING_START_FORBIDDEN' : 'FORBIDDEN');
  const permission = host ? 'start_meeting' : 'join_meeting';
  const lesson = await lessonForAction(ctx, actor, input.scheduleId, permission, refusal);
  const meeting = await meetingOf(ctx.database.db, lesson.schedule_id);
  if (lesson.status !== 'active' || !meeting) throw new AppError('MEETING_CANNOT_JOIN');
  const provider = providerOf(ctx, meeting);
  if (!provider.launchKeys) return {};
  const account = await hostOf(ctx, provider, meeting);
  return provider.launchKeys(meeting, launchUser(actor), input.role, account);
}
