// The server's codes (common/messages.ts and messages-en.ts) as `error.<CODE>`, and the failures
// the browser meets before any reply.
import { type MessageCode, messages } from '#common/messages.ts';
import { messagesEn } from '#common/messages-en.ts';

const byCode = (texts: Record<MessageCode, string>) =>
  Object.fromEntries(Object.entries(texts).map(([code, text]) => [`error.${code}`, text])) as {
    [Code in MessageCode as `error.${Code}`]: string;
  };

const vi = {
  ...byCode(messages),
  // Failures the browser meets before any reply
  'error.NETWORK': 'Không thể kết nối tới máy chủ. Vui lòng thử lại.',
  'error.TIMEOUT': 'Máy chủ không phản hồi. Vui lòng thử lại.',
};

const en: Record<keyof typeof vi, string> = {
  ...byCode(messagesEn),
  // Failures the browser meets before any reply
  'error.NETWORK': 'Cannot reach the server. Please try again.',
  'error.TIMEOUT': 'The server is not answering. Please try again.',
};

export const serverMessageTexts = { vi, en };
