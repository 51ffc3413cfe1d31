// How long recordings are kept, and the job that deletes the expired ones from their provider
// (docs/decisions/034-recordings.md). The setting is one row of app_settings (days; '' keeps them
// forever; no row: the default 90 days). Every server process runs the job each hour: a recording
// is claimed by a conditional update (its `delete_after` pushed ahead) before the provider is
// asked, so of several processes one deletes it; a provider that answers "no such recording" has
// it gone already; any other failure leaves it for a later run.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { EVENT } from '#common/events.ts';
import { DEFAULT_RECORDING_RETENTION_DAYS, type RecordingSettingsDto } from '#common/recordings.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { fetchMissedRecordings } from './missed-recordings.ts';

const RETENTION_KEY = 'recording_retention_days';
const DAY_MS = 86_400_000;
export const RETENTION_INTERVAL_MS = 60 * 60_000;
/** How long a claimed recording stays claimed; a failed delete is tried again after it. */
export const DELETE_RETRY_MS = 60 * 60_000;
const RECORDINGS_PER_RUN = 50;

export async function readRecordingSettings(db: Kysely<Database>): Promise<RecordingSettingsDto> {
  const row = await db
    .selectFrom('app_settings')
    .select('setting_value')
    .where('setting_key', '=', RETENTION_KEY)
    .executeTakeFirst();
  if (!row) return { retention_days: DEFAULT_RECORDING_RETENTION_DAYS };
  return { retention_days: row.setting_value === '' ? null : Number(row.setting_value) };
}

export async function saveRecordingSettings(
  ctx: AppContext,
  settings: RecordingSettingsDto,
): Promise<RecordingSettingsDto> {
  const value = settings.retention_days === null ? '' : String(settings.retention_days);
  const stored = await ctx.database.db
    .selectFrom('app_settings')
    .select('setting_value')
    .where('setting_key', '=', RETENTION_KEY)
    .executeTakeFirst();
  // Never set: the default was in force, not a value anyone chose.
  const before = stored ? await readRecordingSettings(ctx.database.db) : {};
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('app_settings')
      .values({ setting_key: RETENTION_KEY, setting_value: value })
      .onConflict((oc) => oc.column('setting_key').doUpdateSet({ setting_value: value }))
      .execute();
    await recordAudit(trx, {
      action: 'recording-settings.update',
      recordType: 'settings',
      recordId: 'recordings',
      before,
      after: settings,
      only: ['retention_days'],
    });
  });
  return readRecordingSettings(ctx.database.db);
}

/** One run: deletes the recordings past the retention period; returns how many it removed. */
export async function deleteExpiredRecordings(
  ctx: AppContext,
  log: FastifyBaseLogger,
): Promise<number> {
  const { db } = ctx.database;
  const { retention_days: days } = await readRecordingSettings(db);
  if (days === null) return 0;
  const now = ctx.clock.now();
  const nowText = now.toISOString();
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const expired = await db
    .selectFrom('lesson_recordings as r')
    .leftJoin('lesson_meetings as m', 'm.schedule_id', 'r.schedule_id')
    .select(['r.recording_id', 'r.schedule_id', 'r.provider', 'r.provider_recording_id'])
    .select('m.external_id')
    .where('r.deleted_at', 'is', null)
    .where('r.started_at', '<', cutoff)
    .where((eb) => eb.or([eb('r.delete_after', 'is', null), eb('r.delete_after', '<=', nowText)]))
    .orderBy('r.started_at')
    .limit(RECORDINGS_PER_RUN)
    .execute();
  let removed = 0;
  for (const recording of expired) {
    const claimed = await db
      .updateTable('lesson_recordings')
      .set({ delete_after: new Date(now.getTime() + DELETE_RETRY_MS).toISOString() })
      .where('recording_id', '=', recording.recording_id)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('delete_after', 'is', null), eb('delete_after', '<=', nowText)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue; // another process has it
    const provider = ctx.providers.get(recording.provider);
    if (!provider?.deleteRecording) {
      log.warn(
        { recordingId: recording.recording_id, provider: recording.provider },
        'an expired recording waits: its provider is not connected',
      );
      continue;
    }
    try {
      const outcome = await provider.deleteRecording({
        externalId: recording.external_id ?? null,
        recordingId: recording.provider_recording_id,
      });
      await db
        .updateTable('lesson_recordings')
        .set({ deleted_at: ctx.clock.now().toISOString(), delete_after: null })
        .where('recording_id', '=', recording.recording_id)
        .execute();
      removed++;
      log.info(
        { recordingId: recording.recording_id, scheduleId: recording.schedule_id, outcome },
        'an expired recording was deleted from its provider',
      );
      await ctx.events.publish({
        type: EVENT.schedules,
        data: { schedule_id: recording.schedule_id },
      });
    } catch (error) {
      log.warn(
        { err: error, recordingId: recording.recording_id },
        'the provider did not delete an expired recording; a later run tries again',
      );
    }
  }
  return removed;
}

/**
 * Runs the recordings' jobs every hour (and once at start-up): the expired ones deleted, the ones
 * whose event never came looked up (missed-recordings.ts). The returned function stops it.
 */
export function startRecordingJobs(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await deleteExpiredRecordings(ctx, log);
      await fetchMissedRecordings(ctx, log);
    } catch (error) {
      log.warn({ err: error }, 'the recordings run failed; the next one retries');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, RETENTION_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
