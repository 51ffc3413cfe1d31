// Titles of the meeting errors of product.md §8, by the server's error code.
import { hasText, t } from '#web/i18n/index.ts';
import { ApiError } from './api-client.ts';

export function meetingErrorTitle(error: unknown): string {
  const key = error instanceof ApiError ? `meetingError.${error.code}` : '';
  if (hasText(key)) return t(key);
  // A venue's provider that is not connected (its own code: who can connect it).
  if (error instanceof ApiError && error.code.endsWith('_NOT_CONNECTED')) {
    return t('meetingError.notConnected');
  }
  return t('meetingError.other');
}
