// The user-facing message catalogue (product.md §5 and §8). Every API reply carries one of these
// codes with its values; the web app shows the text for the code, and what the server writes for
// a person (exports, the calendar feed) is rendered from it. Vietnamese as the specification
// writes it; messages-en.ts holds the same codes in English.
import { backupMessages } from './backup-messages.ts';
import { bankMessages } from './bank-messages.ts';
import { coreMessages } from './core-messages.ts';
import { emailMessages } from './email-messages.ts';
import { invoiceMessages } from './invoice-messages.ts';
import { lessonReportMessages } from './lesson-report-messages.ts';
import { makeupMessages } from './makeup-messages.ts';
import { materialMessages } from './material-messages.ts';
import { parentMessages } from './parent-messages.ts';
import { providerMessages } from './providers/zoom/messages.ts';
import { recordingMessages } from './recording-messages.ts';
import { spreadsheetMessages } from './spreadsheet-messages.ts';
import { substituteMessages } from './substitute-messages.ts';
import { teacherPayMessages } from './teacher-pay-messages.ts';
import { tuitionMessages } from './tuition-messages.ts';
import { venueMessages } from './venue-messages.ts';

/** The features' catalogues, kept in their folders: they arrive in the browser after sign-in. */
export const featureMessages = {
  // The video provider's codes (§8)
  ...providerMessages,
  // Rooms, links and venues (docs/decisions/019-rooms-and-links.md)
  ...venueMessages,
  // Tuition (issue 27, docs/decisions/028)
  ...tuitionMessages,
  // Invoices (issue 27, docs/decisions/029)
  ...invoiceMessages,
  // Matching bank transfers (issue 27, docs/decisions/030)
  ...bankMessages,
  // Lessons' recordings (issue 28, docs/decisions/034)
  ...recordingMessages,
  // Teachers' pay (issue 28, docs/decisions/033)
  ...teacherPayMessages,
  // Make-up lessons (issue 28, docs/decisions/032)
  ...makeupMessages,
  // Substitutes (issue 28, docs/decisions/031)
  ...substituteMessages,
  // Lesson reports and homework (issue 29, docs/decisions/037)
  ...lessonReportMessages,
  // E-mail and password reset (issue 29, docs/decisions/039 and 040)
  ...emailMessages,
  // Parents (issue 29, docs/decisions/036)
  ...parentMessages,
  // Materials and the Library (issue 29, docs/decisions/038)
  ...materialMessages,
  // Reading uploaded workbooks (issue 30, docs/decisions/043)
  ...spreadsheetMessages,
  // Backups and restore (issue 30, docs/decisions/042)
  ...backupMessages,
} as const;

export { coreMessages };
export const messages = { ...coreMessages, ...featureMessages } as const;

export type MessageCode = keyof typeof messages;

/**
 * Every code, spelled as itself: what schemas give as their messages and replies carry, so that a
 * misspelt code fails the type check.
 */
export const codes = Object.fromEntries(Object.keys(messages).map((code) => [code, code])) as {
  readonly [Code in MessageCode]: Code;
};

/** Whether a string is a code of the catalogue (a schema's message, a reply's code). */
export const isMessageCode = (value: string): value is MessageCode =>
  Object.hasOwn(messages, value);

/** Fills `{name}` placeholders of a catalogue text. */
export function formatMessage(code: MessageCode, params: Record<string, string> = {}): string {
  return messages[code].replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}
