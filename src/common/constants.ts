// Business constants of product.md §9. Both the server and the web app import these.

export const ROLES = ['admin', 'staff', 'teacher', 'student', 'parent'] as const;
export type Role = (typeof ROLES)[number];

/** 'cancelled': called off with a reason; stays visible and counts for nothing (migration 017). */
export const LESSON_STATUSES = ['pending', 'active', 'completed', 'cancelled'] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];

export const PROFILE_CACHE_LIFETIME_MS = 900_000;
export const PROFILE_QUERY_TIMEOUT_MS = 15_000;
export const TOAST_DEFAULT_DURATION_MS = 5_000;

/** Avatar and logo uploads: 5 MB (5242880 bytes). */
export const MAX_IMAGE_BYTES = 5_242_880;

export const MIN_PASSWORD_LENGTH = 6;
/** New accounts get a random password of this many digits, shown once to the creator. */
export const GENERATED_PASSWORD_DIGITS = 6;
// A first password's lifetime is the center's choice now (72 hours unless changed):
// FIRST_PASSWORD_HOURS in center.ts, center_settings.first_password_hours.

export const DEFAULT_SCHEDULE_MINUTES = 60;
export const UPCOMING_LIST_LIMIT = 5;
/** The admin's and staff's Today list: the day's lessons counted by state, and this many next ones. */
export const TODAY_NEXT_LIMIT = 10;
export const PAGE_SIZE = 10;

export const CLASS_DETAILS_REFRESH_MS = 60_000;
export const DASHBOARD_RELOAD_AFTER_START_MS = 2_000;

export const BREAKPOINTS = {
  mobile: 968,
  dashboardCardNarrow: 450,
  classCardNarrow: 550,
  schedulesTabsToDropdown: 650,
  scheduleCardParts: [750, 550, 520],
  settingsCardMin: 280,
  settingsOneColumn: 600,
} as const;

export const MEETING = {
  hostRole: 1,
  participantRole: 0,
  connectedStatus: 2,
  endedStatus: 3,
  sdkInitDelayMs: 500,
  overlayMs: 5_000,
  closeDelayMs: 100,
  chunkLoadTimeoutMs: 120_000,
} as const;

export const MEETING_URL_DISPLAY_LENGTH = 40;
export const AVATAR_PALETTE_SIZE = 18;
export const CLASS_TAG_PALETTE_SIZE = 12;

export const DEFAULT_CENTER_NAME = 'Edu Center';

/** Longest reason a lesson's cancellation keeps. */
export const CANCEL_REASON_MAX_LENGTH = 500;

/** Longest lesson the center plans (a sanity bound, not a business rule of the spec). */
export const MAX_LESSON_MINUTES = 12 * 60;

/** Most lessons one series may create (a term of daily lessons fits with room to spare). */
export const SERIES_MAX_LESSONS = 200;
/** Shortest lesson a series may plan. */
export const SERIES_MIN_MINUTES = 15;
/** Weekdays as the series form numbers them: 1 = Monday … 7 = Sunday (ISO 8601). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
