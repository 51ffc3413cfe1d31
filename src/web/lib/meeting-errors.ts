// Titles of the meeting errors of product.md §8, by the server's error code.
import { hasText, t } from '#web/i18n/index.ts';
import { ApiError } from './api-client.ts';

export function meetingErrorTitle(error: unknown): string {
  const key = error instanceof ApiError ? `meetingError.${error.code}` : '';
  return hasText(key) ? t(key) : t('meetingError.other');
}
