// The substitute codes in English (common/messages-en.ts spreads them in).
import type { substituteMessages } from './substitute-messages.ts';

export const substituteMessagesEn: Record<keyof typeof substituteMessages, string> = {
  SUBSTITUTE_NOT_A_TEACHER: 'The substitute must be an active teacher.',
  SUBSTITUTE_IS_CLASS_TEACHER:
    "This is the class's own teacher. To give the lesson back to them, clear the substitute.",
  SUBSTITUTE_CLASH: 'The substitute already teaches a lesson of {class} from {start} to {end}.',
  SUBSTITUTE_LESSON_NOT_PENDING:
    'Only a lesson that has not started, ended or been cancelled can be given to a substitute.',
  LESSON_COVERED_BY_SUBSTITUTE: 'This lesson is taught by {name}, the substitute.',
} as const;
