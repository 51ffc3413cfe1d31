// meeting-errors.ts in English, key for key (the type requires every key; a test checks the
// placeholders). Loaded only for users who chose English.
import type { meetingErrorTexts } from './meeting-errors.ts';

export const meetingErrorTextsEn: Record<keyof typeof meetingErrorTexts, string> = {
  // Titles of the meeting errors of product.md §8, by the server's code
  'meetingError.MEETING_TOO_LATE': 'Too late',
  'meetingError.MEETING_NO_FREE_ACCOUNT': 'Zoom account error',
  'meetingError.MEETING_ASSIGN_FAILED': 'Zoom account error',
  'meetingError.MEETING_CREATE_FAILED': 'Meeting creation error',
  'meetingError.MEETING_SIGNATURE_FAILED': 'Authentication error',
  'meetingError.MEETING_SDK_NOT_CONFIGURED': 'Authentication error',
  'meetingError.MEETING_TOO_EARLY': 'Not yet',
  'meetingError.MEETING_START_FORBIDDEN': 'Not allowed',
  'meetingError.FORBIDDEN': 'Not allowed',
  'meetingError.MEETING_DATA_MISSING': 'Data error',
  'meetingError.MEETING_NOT_STARTED': 'No meeting yet',
  'meetingError.MEETING_CANNOT_JOIN': 'Cannot join',
  'meetingError.notConnected': 'Not connected',
  'meetingError.other': 'System error',
  'meetingError.tabBlocked': 'Tab error',
  'meetingTab.closedTitle': 'Could not enter the lesson',
  'meetingTab.closed': 'The meeting tab closed before entering the lesson. Please try again.',
  'meetingTab.closedBecause': 'The meeting tab closed before entering the lesson: {reason}',
  'meeting.roleHost': 'Host (Teacher)',
  'meeting.roleParticipant': 'Participant (Student)',
};
