// What a provider's events mean for a lesson (the provider's webhook only verifies and parses): a
// meeting that ended completes its lesson; an enrolled student joining or leaving is recorded for
// attendance. Every handler is idempotent: providers retry, and repeat a meeting's end.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { ProviderEvent } from '#server/features/providers/index.ts';
import { attachRecording } from '#server/features/recordings/index.ts';
import { completeLesson } from './lesson-lifecycle.ts';

/** The lesson a provider's meeting belongs to, if any. */
function lessonOfMeeting(ctx: AppContext, provider: string, externalId: string) {
  return ctx.database.db
    .selectFrom('lesson_meetings as m')
    .innerJoin('schedules as s', 's.schedule_id', 'm.schedule_id')
    .select(['s.schedule_id', 's.status', 's.class_id'])
    .where('m.provider', '=', provider)
    .where('m.external_id', '=', externalId)
    .executeTakeFirst();
}

/**
 * Applies a provider's events in order. False when one named a meeting that is not one of our
 * lessons (ignored).
 */
export async function applyProviderEvents(
  ctx: AppContext,
  provider: string,
  events: ProviderEvent[],
): Promise<boolean> {
  let ours = true;
  for (const event of events) {
    const lesson = await lessonOfMeeting(ctx, provider, event.externalId);
    if (!lesson) {
      ours = false;
      continue;
    }
    if (event.kind === 'meeting-ended') await completeLesson(ctx, lesson.schedule_id);
    else if (event.kind === 'recording-completed') {
      await attachRecording(ctx, provider, lesson.schedule_id, event.recording);
    } else await participantChanged(ctx, lesson, event);
  }
  return ours;
}

/** Records an enrolled student's join or leave once; anyone else is not recorded. */
async function participantChanged(
  ctx: AppContext,
  lesson: { schedule_id: string; class_id: string },
  event: Extract<ProviderEvent, { participant: unknown }>,
) {
  const { db } = ctx.database;
  const { userId, key, at } = event.participant;
  const enrolled = userId
    ? await db
        .selectFrom('class_students')
        .select('student_id')
        .where('class_id', '=', lesson.class_id)
        .where('student_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!enrolled || !key || !at) return;
  // Once the provider's report was reconciled it is the record: a webhook the provider retries
  // later (after 5, 20, 60 minutes) would add a stay the report already has (decision 035).
  const reconciled = await db
    .selectFrom('attendance_reports')
    .select('schedule_id')
    .where('schedule_id', '=', lesson.schedule_id)
    .where('state', '=', 'done')
    .executeTakeFirst();
  if (reconciled) return;
  if (event.kind === 'participant-joined') {
    try {
      await db
        .insertInto('attendance')
        .values({
          attendance_id: randomUUID(),
          schedule_id: lesson.schedule_id,
          student_id: enrolled.student_id,
          participant_key: key,
          joined_at: new Date(at).toISOString(),
          left_at: null,
          created_at: ctx.clock.now().toISOString(),
        })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // a repeated delivery
    }
    return;
  }
  await db
    .updateTable('attendance')
    .set({ left_at: new Date(at).toISOString() })
    .where('schedule_id', '=', lesson.schedule_id)
    .where('participant_key', '=', key)
    .where('left_at', 'is', null)
    .execute();
}
