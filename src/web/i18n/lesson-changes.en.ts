// lesson-changes.ts in English, key for key (the type requires every key; a test checks the
// placeholders). Loaded only for users who chose English.
import type { lessonChangeTexts } from './lesson-changes.ts';

export const lessonChangeTextsEn: Record<keyof typeof lessonChangeTexts, string> = {
  'lesson.status.cancelled': 'Cancelled',
  'schedules.tab.cancelled': 'Cancelled',
  'lessonChange.actions': 'Move or cancel the lesson {topic}',
  'lessonChange.move': 'Move lesson',
  'lessonChange.cancel': 'Cancel lesson',
  'lessonChange.now': 'Now: {time}',
  'lessonChange.date': 'Date',
  'lessonChange.startTime': 'Start time',
  'lessonChange.minutes': 'Length (minutes)',
  'lessonChange.newTime': 'New time: {time}',
  'lessonChange.moveHint': "The class's students and teacher will be told the new time.",
  'lessonChange.reason': 'Reason for cancelling',
  'lessonChange.reasonHint': "The class's students and teacher will be sent this reason.",
  'lessonChange.close': 'Close',
  'lessonChange.cancelledReason': 'Reason: {reason}',
  'lessonChange.cancelledBy': 'Cancelled by {name} at {time}',
};
