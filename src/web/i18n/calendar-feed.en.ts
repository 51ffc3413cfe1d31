// calendar-feed.ts in English, key for key (the type requires every key; a test checks the
// placeholders). Loaded only for users who chose English.
import type { calendarFeedTexts } from './calendar-feed.ts';

export const calendarFeedTextsEn: Record<keyof typeof calendarFeedTexts, string> = {
  'calendar.title': 'My calendar',
  'calendar.hint':
    'Add this link to Google Calendar, Apple Calendar or Outlook ("Subscribe to calendar" / "From URL") to see your lessons in your calendar. Do not share it.',
  'calendar.url': 'Calendar link (ICS)',
  'calendar.copy': 'Copy calendar link',
  'calendar.copied': 'Copied',
  'calendar.copyFailed': 'Copy failed',
  'calendar.create': 'Create calendar link',
  'calendar.renew': 'New link',
  'calendar.revoke': 'Revoke',
  'calendar.renewTitle': 'New calendar link',
  'calendar.renewMessage':
    'The old link will stop working. Calendar apps using it must subscribe again.',
  'calendar.revokeTitle': 'Revoke calendar link',
  'calendar.revokeMessage': 'Calendar apps using this link will no longer receive your lessons.',
  'calendar.shownOnce':
    'Copy it now: it is shown only this once. Later you can make a new link (the old one then stops working).',
  'calendar.exists':
    'You have a calendar link, made {date}. It is not shown again: make a new one if you need it (the old one stops working).',
  'calendar.oneClass': "Copy this class's calendar",
  'calendar.unreachableTitle': 'Calendar apps cannot read this link yet',
  'calendar.unreachable':
    'The server has no public https address, so Google Calendar, Apple Calendar and Outlook cannot reach this link. Whoever runs the server needs to set PUBLIC_ORIGIN (for example https://edu.example.com).',
};
