// The server's codes in English (common/messages-en.ts) as `error.<CODE>`, key for key with
// server-messages.ts. Loaded only for users who chose English.
import { messagesEn } from '#common/messages-en.ts';
import type { featureServerMessageTexts } from './server-feature-messages.ts';
import { byCode, type serverMessageTexts } from './server-messages.ts';

export const serverMessageTextsEn: Record<
  keyof typeof serverMessageTexts | keyof typeof featureServerMessageTexts,
  string
> = {
  ...byCode(messagesEn),
  // Failures the browser meets before any reply
  'error.NETWORK': 'Cannot reach the server. Please try again.',
  'error.TIMEOUT': 'The server is not answering. Please try again.',
};
