// A provider's "recording completed" event attaches the recording to the lesson whose meeting it
// was (docs/decisions/034-recordings.md). The row is unique on provider + the provider's id of the
// recorded instance, so a repeated delivery (providers retry) inserts nothing twice; a later
// delivery of the same instance with more files brings the row up to date.
import { randomUUID } from 'node:crypto';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { ProviderRecording } from '#server/features/providers/index.ts';

export async function attachRecording(
  ctx: AppContext,
  provider: string,
  scheduleId: string,
  recording: ProviderRecording,
): Promise<'attached' | 'updated'> {
  const { db } = ctx.database;
  const files = recording.files.map((file) => ({
    id: file.id,
    fileType: file.fileType,
    recordingType: file.recordingType,
    startedAt: file.startedAt,
    endedAt: file.endedAt,
    bytes: file.bytes,
  }));
  const values = {
    started_at: new Date(recording.startedAt || ctx.clock.now()).toISOString(),
    ended_at: recording.endedAt ? new Date(recording.endedAt).toISOString() : null,
    total_bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    files: JSON.stringify(files),
    secret_data: JSON.stringify(recording.secret),
  };
  let outcome: 'attached' | 'updated' = 'attached';
  try {
    await db
      .insertInto('lesson_recordings')
      .values({
        recording_id: randomUUID(),
        schedule_id: scheduleId,
        provider,
        provider_recording_id: recording.recordingId,
        created_at: ctx.clock.now().toISOString(),
        deleted_at: null,
        delete_after: null,
        ...values,
      })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same instance again (a retry, or the provider telling of a file that finished later).
    outcome = 'updated';
    await db
      .updateTable('lesson_recordings')
      .set(values)
      .where('provider', '=', provider)
      .where('provider_recording_id', '=', recording.recordingId)
      .where('deleted_at', 'is', null)
      .execute();
  }
  await ctx.events.publish({ type: EVENT.schedules, data: { schedule_id: scheduleId } });
  return outcome;
}
