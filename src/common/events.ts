// The one contract for change events: what the server publishes (through the hub, to every
// process and every open /api/events stream), what its answer caches listen for, and what the
// web app refreshes on. A new event is added here, and nowhere else is its name spelled.
import type { CenterSettingsDto } from './center.ts';

export type AppEvent =
  | { type: 'classes.changed'; data?: { class_id?: string } }
  | {
      type: 'schedules.changed';
      data?: { schedule_id?: string; class_id?: string; change?: 'topic' };
    }
  | { type: 'users.changed'; data?: { role?: string } }
  /** Sent only to the streams of the user it names (realtime/routes.ts). */
  | { type: 'notifications.changed'; data: { user_id: string } }
  | { type: 'host-accounts.changed'; data?: undefined }
  | { type: 'center-settings.updated'; data: CenterSettingsDto }
  | { type: 'theme.updated'; data?: undefined }
  /** For the server only (never sent to browsers): a user's sessions changed. */
  | { type: 'internal.sessions-revoked'; data: { authId: string } }
  /** For the server only: a provider's settings kept in the app changed (docs/decisions/024). */
  | { type: 'internal.provider-settings-changed'; data: { provider: string; version: number } };

export type AppEventType = AppEvent['type'];

/** The names, for the places that list them. */
export const EVENT = {
  classes: 'classes.changed',
  schedules: 'schedules.changed',
  users: 'users.changed',
  notifications: 'notifications.changed',
  hostAccounts: 'host-accounts.changed',
  centerSettings: 'center-settings.updated',
  theme: 'theme.updated',
  sessionsRevoked: 'internal.sessions-revoked',
  providerSettings: 'internal.provider-settings-changed',
} as const satisfies Record<string, AppEventType>;

/** Events for the server itself, never sent to browsers. */
export const INTERNAL_EVENT_PREFIX = 'internal.';

/** The events a browser receives. */
export type BrowserEventType = Exclude<AppEventType, `internal.${string}`>;
