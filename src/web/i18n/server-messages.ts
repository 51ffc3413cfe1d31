// The server's codes (common/messages.ts) as `error.<CODE>`, and the failures the browser meets
// before any reply; the English is beside it in server-messages.en.ts.
import { type MessageCode, messages } from '#common/messages.ts';

export const byCode = (texts: Record<MessageCode, string>) =>
  Object.fromEntries(Object.entries(texts).map(([code, text]) => [`error.${code}`, text])) as {
    [Code in MessageCode as `error.${Code}`]: string;
  };

export const serverMessageTexts = {
  ...byCode(messages),
  // Failures the browser meets before any reply
  'error.NETWORK': 'Không thể kết nối tới máy chủ. Vui lòng thử lại.',
  'error.TIMEOUT': 'Máy chủ không phản hồi. Vui lòng thử lại.',
};
