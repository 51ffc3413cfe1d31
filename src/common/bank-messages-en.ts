// The bank transfers' server messages in English, by the same codes as bank-messages.ts.
import type { bankMessages } from './bank-messages.ts';

export const bankMessagesEn: Record<keyof typeof bankMessages, string> = {
  BANK_STATEMENT_COLUMNS:
    'The statement file has no columns for the date, the amount (or credit) and the description.',
  BANK_STATEMENT_NO_CREDITS: 'The statement has no incoming transfers.',
  BANK_STATEMENT_TOO_LONG: 'The statement has too many lines (at most 2,000 transfers at a time).',
  BANK_STATEMENT_RECORDED: 'Recorded {recorded}; {unmatched} left to match.',
  BANK_TRANSFER_NOT_UNMATCHED: 'This transfer has already been dealt with.',
  BANK_TRANSFER_ASSIGNED: 'The transfer was recorded for {name}.',
  BANK_TRANSFER_IGNORED: 'The transfer was ignored.',
  BANK_WEBHOOK_UNAUTHORIZED: 'The API key is wrong.',
  BANK_WEBHOOK_KEY_CREATED: 'A new API key was made. Copy it now: it is shown only once.',
  BANK_WEBHOOK_KEY_REVOKED: 'The API key was revoked.',
} as const;
