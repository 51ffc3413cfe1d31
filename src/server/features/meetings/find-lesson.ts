// The lesson a meeting action is about, as the signed-in user may see it: a lesson of a class not
// theirs gets the action's own refusal, one that does not exist the meeting's missing-data error.
import type { MeetingLaunchDto } from '#common/meetings.ts';
import { hasPermission, type Permission } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { unseenRecordError } from '#server/db/visibility.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { lessonsWithClass, refuseUnlessTeachesLesson } from '#server/features/lessons/index.ts';
import type {
  HostAccount,
  LaunchRole,
  LessonMeeting,
  VideoProvider,
} from '#server/features/providers/index.ts';

export async function findLesson(
  ctx: AppContext,
  viewer: SessionUser,
  scheduleId: string,
  refusal: AppError = new AppError('FORBIDDEN'),
) {
  const { db } = ctx.database;
  const row = await lessonsWithClass(db, viewer)
    .where('s.schedule_id', '=', scheduleId)
    .executeTakeFirst();
  if (!row) {
    throw await unseenRecordError(
      db,
      'schedule',
      scheduleId,
      refusal,
      new AppError('MEETING_DATA_MISSING'),
    );
  }
  return row;
}

export type LessonRow = Awaited<ReturnType<typeof findLesson>>;

/** The lesson, for a user whose role has the permission; `refusal` otherwise. */
export async function lessonForAction(
  ctx: AppContext,
  actor: SessionUser,
  scheduleId: string,
  permission: Permission,
  refusal: AppError,
) {
  if (!hasPermission(actor.role, permission)) throw refusal;
  const lesson = await findLesson(ctx, actor, scheduleId, refusal);
  // A covered lesson is hosted by its substitute, not by the class's own teacher.
  if (permission === 'start_meeting') refuseUnlessTeachesLesson(actor, lesson);
  return lesson;
}

export const launchUser = (user: SessionUser) => ({
  userId: user.user_id,
  fullName: user.full_name,
  email: user.email,
});

/** The reply of a start or a join: which provider, and what its browser code needs. */
export async function launchReply(
  provider: VideoProvider,
  meeting: LessonMeeting,
  actor: SessionUser,
  role: LaunchRole,
  host: HostAccount | undefined,
): Promise<MeetingLaunchDto> {
  const launch = await provider.launch(meeting, launchUser(actor), role, host);
  return {
    provider: provider.id,
    scheduleId: meeting.scheduleId,
    open: launch.open,
    launch: launch.data,
  };
}
