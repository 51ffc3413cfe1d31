// What to tell the user about a reply: the catalogue's text for its code (or, for a refused
// field, the code of what is wrong), with the values the server sent. The server sends no
// sentences; a code the catalogue does not know (a proxy's reply, say) is shown as its status.
import type { Notice } from '#common/notice.ts';
import { hasText, type MessageKey, t } from '#web/i18n/index.ts';
import { ApiError, isRefusal } from './api-client.ts';

export function errorText(error: unknown, fallback: MessageKey = 'error.INTERNAL'): string {
  if (error instanceof ApiError) {
    for (const code of [error.reason, error.code]) {
      const key = `error.${code}`;
      if (code && hasText(key)) return t(key, error.params);
    }
    return error.message || t(fallback);
  }
  return t(fallback);
}

/** A success reply's code ("saved", "3 lessons created") in the user's language. */
export function noticeText(notice: Notice): string {
  return t(`error.${notice.code}`, notice.params);
}

/** The server's reason for a refusal (4xx); for anything else (no answer, a 5xx) the step's own text. */
export function refusalText(error: unknown, fallback: string): string {
  return isRefusal(error) ? errorText(error) : fallback;
}
