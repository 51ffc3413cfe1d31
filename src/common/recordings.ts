// Lessons' recordings (issue 28, docs/decisions/034-recordings.md): what a lesson says of its
// recordings, and the retention setting. Nothing here opens a recording: `watch_path` is our own
// address, which checks the viewer's session on every click and only then sends them on.
import { z } from 'zod';
import { codes } from './messages.ts';
import { MAX_RECORDING_RETENTION_DAYS } from './recording-limits.ts';

export {
  DEFAULT_RECORDING_RETENTION_DAYS,
  MAX_RECORDING_RETENTION_DAYS,
} from './recording-limits.ts';

export const recordingFileSchema = z.object({
  file_type: z.string(),
  recording_type: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  bytes: z.number(),
});

export const recordingSchema = z.object({
  recording_id: z.string(),
  schedule_id: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  total_bytes: z.number(),
  /** 'deleted': removed from the provider when its retention period ran out. */
  status: z.enum(['available', 'deleted']),
  deleted_at: z.string().nullable(),
  /** Our address that sends a permitted viewer on to the recording (null once deleted). */
  watch_path: z.string().nullable(),
  files: z.array(recordingFileSchema),
});
export type RecordingDto = z.infer<typeof recordingSchema>;

/** A lesson's recordings; `recordable` false for a lesson whose provider records nothing. */
export const lessonRecordingsSchema = z.object({
  schedule_id: z.string(),
  recordable: z.boolean(),
  recordings: z.array(recordingSchema),
});
export type LessonRecordingsDto = z.infer<typeof lessonRecordingsSchema>;

/**
 * What each lesson of a class the viewer may see says of its recordings (one request for the
 * class's list of lessons).
 */
export const classRecordingsSchema = z.object({ items: z.array(lessonRecordingsSchema) });
export type ClassRecordingsDto = z.infer<typeof classRecordingsSchema>;

/** How long recordings are kept, in days after they were made; null keeps them forever. */
export const recordingSettingsSchema = z.object({ retention_days: z.number().nullable() });
export type RecordingSettingsDto = z.infer<typeof recordingSettingsSchema>;

export const recordingSettingsInput = z.object({
  retention_days: z
    .number({ error: codes.RECORDING_RETENTION_INVALID })
    .int(codes.RECORDING_RETENTION_INVALID)
    .min(1, codes.RECORDING_RETENTION_INVALID)
    .max(MAX_RECORDING_RETENTION_DAYS, codes.RECORDING_RETENTION_INVALID)
    .nullable(),
});
export type RecordingSettingsInput = z.infer<typeof recordingSettingsInput>;
