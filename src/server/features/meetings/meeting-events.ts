// What Zoom's events mean for a lesson (the webhook in features/zoom only verifies and parses):
// a meeting that ended completes its lesson; an enrolled student joining or leaving is recorded
// for attendance. Every handler is idempotent: Zoom retries, and repeats meeting.ended.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { completeLesson } from './lesson-lifecycle.ts';

export interface Participant {
  /** The student's user id: students join with it as Zoom's customer key. */
  customerKey?: string;
  /** Zoom's key of this participation (participant_uuid, else id or user_id). */
  key?: string;
  joinTime?: string;
  leaveTime?: string;
}

/** The lesson a Zoom meeting belongs to, if any. */
function lessonOfMeeting(ctx: AppContext, meetingId: string) {
  return ctx.database.db
    .selectFrom('schedules')
    .select(['schedule_id', 'status', 'class_id'])
    .where('zoom_meeting_id', '=', meetingId)
    .executeTakeFirst();
}

/** False when the meeting is not one of our lessons (the event is ignored). */
export async function meetingEnded(ctx: AppContext, meetingId: string): Promise<boolean> {
  const lesson = await lessonOfMeeting(ctx, meetingId);
  if (!lesson) return false;
  await completeLesson(ctx, lesson.schedule_id);
  return true;
}

/** Records an enrolled student's join or leave once; anyone else is not recorded. */
export async function participantChanged(
  ctx: AppContext,
  meetingId: string,
  change: 'joined' | 'left',
  participant: Participant,
): Promise<boolean> {
  const { db } = ctx.database;
  const lesson = await lessonOfMeeting(ctx, meetingId);
  if (!lesson) return false;
  const { customerKey, key } = participant;
  const enrolled = customerKey
    ? await db
        .selectFrom('class_students')
        .select('student_id')
        .where('class_id', '=', lesson.class_id)
        .where('student_id', '=', customerKey)
        .executeTakeFirst()
    : undefined;
  if (!enrolled || !key) return true;
  if (change === 'joined' && participant.joinTime) {
    try {
      await db
        .insertInto('attendance')
        .values({
          attendance_id: randomUUID(),
          schedule_id: lesson.schedule_id,
          student_id: enrolled.student_id,
          participant_key: key,
          joined_at: new Date(participant.joinTime).toISOString(),
          left_at: null,
          created_at: ctx.clock.now().toISOString(),
        })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // a repeated delivery
    }
  }
  if (change === 'left' && participant.leaveTime) {
    await db
      .updateTable('attendance')
      .set({ left_at: new Date(participant.leaveTime).toISOString() })
      .where('schedule_id', '=', lesson.schedule_id)
      .where('participant_key', '=', key)
      .where('left_at', 'is', null)
      .execute();
  }
  return true;
}
