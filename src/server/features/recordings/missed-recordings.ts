// A recording whose "recording completed" event never came (docs/decisions/034-recordings.md): a
// lesson of a class with automatic cloud recording, ended between 30 minutes and a day ago, with no
// recording yet, is looked up on its provider once an hour (the job of retention.ts), and attached
// when the provider has one. Attaching is idempotent (attach-recording.ts), so a late event, or
// two processes finding it at once, still make one row.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { meetingData } from '#server/features/providers/index.ts';
import { attachRecording } from './attach-recording.ts';

/** A provider needs a while to process a recording; a lesson is asked about only after this. */
export const MISSED_AFTER_MS = 30 * 60_000;
/** …and no more once this long has passed since it ended. */
export const MISSED_UNTIL_MS = 24 * 60 * 60_000;
const LESSONS_PER_RUN = 20;

/** One run: returns how many recordings it found and attached. */
export async function fetchMissedRecordings(
  ctx: AppContext,
  log: FastifyBaseLogger,
): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.clock.now().getTime();
  const lessons = await db
    .selectFrom('lesson_meetings as m')
    .innerJoin('schedules as s', 's.schedule_id', 'm.schedule_id')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .select(['m.schedule_id', 'm.provider', 'm.external_id', 'm.host_account_id', 'm.join_data'])
    .where('s.status', '=', 'completed')
    .where('c.auto_cloud_recording', '=', true)
    .where('m.external_id', 'is not', null)
    .where('m.ended_at', '<=', new Date(now - MISSED_AFTER_MS).toISOString())
    .where('m.ended_at', '>', new Date(now - MISSED_UNTIL_MS).toISOString())
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('lesson_recordings as r')
            .select('r.recording_id')
            .whereRef('r.schedule_id', '=', 'm.schedule_id'),
        ),
      ),
    )
    .orderBy('m.ended_at')
    .limit(LESSONS_PER_RUN)
    .execute();
  let found = 0;
  for (const lesson of lessons) {
    const provider = ctx.providers.get(lesson.provider);
    if (!provider?.capabilities.recordings || !provider.findRecording) continue;
    // Only what anyone in the lesson may see: asking for a recording needs no host secret.
    const meeting = {
      scheduleId: lesson.schedule_id,
      provider: lesson.provider,
      externalId: lesson.external_id,
      hostAccountId: lesson.host_account_id,
      join: meetingData(lesson.join_data),
      secret: {},
    };
    try {
      const recording = await provider.findRecording(meeting);
      if (!recording) continue;
      await attachRecording(ctx, lesson.provider, lesson.schedule_id, recording);
      found++;
      log.info(
        { scheduleId: lesson.schedule_id },
        "a lesson's recording was found without its event, and attached",
      );
    } catch (error) {
      log.warn(
        { err: error, scheduleId: lesson.schedule_id },
        "could not ask the provider for a lesson's recording; a later run tries again",
      );
    }
  }
  return found;
}
