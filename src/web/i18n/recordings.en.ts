// Lessons' recordings' texts in English, key for key with recordings.ts.
import type { recordingTexts } from './recordings.ts';

export const recordingTextsEn: Record<keyof typeof recordingTexts, string> = {
  'recordings.watch': 'Watch again',
  'recordings.watchLabel': 'Watch the recording of the lesson {topic}',
  'recordings.watchPart': 'Watch again (part {n})',
  'recordings.deleted': 'The recording was deleted at the end of its retention period',
  'recordings.none': 'This lesson has no recording (held in a room or on its own link)',
  'recordings.autoRecord': 'Automatic cloud recording',
  'recordings.autoRecordHint':
    "The class's online lessons are recorded to the cloud as soon as they start; its students watch them again afterwards.",
  'recordings.settings.title': 'Lesson recordings',
  'recordings.settings.text':
    'How long recordings are kept in the cloud. Past it, a recording is deleted from the provider and its lesson says so.',
  'recordings.settings.days': 'Days kept',
  'recordings.settings.daysHint': 'From 1 to 3650 days; empty keeps them forever.',
  'recordings.settings.current': 'Recordings are kept {days, plural, one {# day} other {# days}}',
  'recordings.settings.forever': 'Recordings are kept forever',
  'recordings.settings.save': 'Save the period',
} as const;
