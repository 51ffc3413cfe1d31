// The HTTP status of each error code only this provider raises: its part of errors.ts's one table,
// which spreads it in. No imports but types, so errors.ts can load it before anything else.
import type { MessageCode } from '#common/messages.ts';

export const providerStatusByCode = {
  ZOOM_ACCOUNT_NOT_FOUND: 404,
  ZOOM_SYNC_BAD_REPLY: 502,
  ZOOM_SYNC_FAILED: 502,
  ZOOM_ADD_FAILED: 409,
  ZOOM_ADD_EXISTING: 409,
  ZOOM_ACCOUNT_ONLINE: 409,
  ZOOM_ACCOUNT_IN_USE: 409,
  ZOOM_ACCOUNT_HOSTING: 409,
  ZOOM_ACCOUNT_NOT_BUSY: 409,
  ZOOM_NOT_CONFIGURED: 503,
  // Not a passing state: a 409, never a 503 that invites a retry.
  ZOOM_NOT_CONNECTED: 409,
  ZOOM_SETTING_INVALID: 400,
  ZOOM_SETTINGS_INCOMPLETE: 400,
  ZOOM_SETTING_FROM_ENVIRONMENT: 409,
} as const satisfies Partial<Record<MessageCode, number>>;
