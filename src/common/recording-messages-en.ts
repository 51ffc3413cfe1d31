// Lessons' recordings' server messages in English, by the same codes as recording-messages.ts.
import type { recordingMessages } from './recording-messages.ts';

export const recordingMessagesEn: Record<keyof typeof recordingMessages, string> = {
  RECORDING_DELETED: 'The recording was deleted at the end of its retention period.',
  RECORDING_UNAVAILABLE: 'This recording cannot be opened now. Please contact the center.',
  RECORDING_RETENTION_INVALID:
    'The retention period must be a number of days from 1 to 3650, or empty to keep recordings forever.',
  RECORDING_SETTINGS_SAVED: 'The recordings retention period was saved.',
} as const;
