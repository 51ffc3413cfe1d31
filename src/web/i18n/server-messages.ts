// The server's codes (common/messages.ts) as `error.<CODE>`, and the failures the browser meets
// before any reply; the English is beside it in server-messages.en.ts. The core's codes travel with
// the login route (shell-texts.ts); the features' own codes (the video provider, venues, tuition)
// arrive after sign-in (server-feature-messages.ts), when their pages can first show them.
import { coreMessages } from '#common/core-messages.ts';

type CodeTexts<Texts> = { [Code in keyof Texts & string as `error.${Code}`]: string };

export const byCode = <Texts extends Record<string, string>>(texts: Texts) =>
  Object.fromEntries(
    Object.entries(texts).map(([code, text]) => [`error.${code}`, text]),
  ) as CodeTexts<Texts>;

export const serverMessageTexts = {
  ...byCode(coreMessages),
  // Failures the browser meets before any reply
  'error.NETWORK': 'Không thể kết nối tới máy chủ. Vui lòng thử lại.',
  'error.TIMEOUT': 'Máy chủ không phản hồi. Vui lòng thử lại.',
};
