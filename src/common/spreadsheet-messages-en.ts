// Reading uploaded workbooks in English, by the same codes as spreadsheet-messages.ts.
import type { spreadsheetMessages } from './spreadsheet-messages.ts';

export const spreadsheetMessagesEn: Record<keyof typeof spreadsheetMessages, string> = {
  SPREADSHEET_TOO_LARGE:
    'The Excel file is too large once unpacked (at most 32 MB of data): split it or save it as CSV.',
};
