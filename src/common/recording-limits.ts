// How long recordings may be kept (recordings.ts re-exports these beside its schemas): the
// Settings page's field uses them without downloading zod.

export const DEFAULT_RECORDING_RETENTION_DAYS = 90;
export const MAX_RECORDING_RETENTION_DAYS = 3650;
