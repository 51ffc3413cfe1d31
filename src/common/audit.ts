// The audit log's words (issue 30, docs/decisions/041-audit-log.md): every operation the log
// records and every kind of record it names, in one list, so the server writes only these and
// the Audit page shows each in words (vi + en). An operation is 'record.verb'.
import { z } from 'zod';
import { AUDIT_MONEY_ACTIONS } from './audit-money.ts';
import { pageOf } from './page.ts';

export { AUDIT_RECORD_TYPES, type AuditRecordType } from './audit-records.ts';

/** The operations this part of the product records (others add theirs here). */
export const AUDIT_ACTIONS = [
  // People.
  'user.create',
  'user.import',
  'user.update',
  'user.delete',
  'user.reactivate',
  'user.first_password',
  'user.password_change',
  'user.password_reset',
  'user.sessions_revoke',
  'user.profile',
  'user.calendar_feed',
  'user.calendar_feed_revoke',
  'parent.link',
  'parent.unlink',
  // Classes and who is in them.
  'class.create',
  'class.update',
  'class.deactivate',
  'class.hand_over',
  'enrolment.add',
  'enrolment.remove',
  'enrolment.history',
  // Lessons.
  'lesson.create',
  'lesson.update',
  'lesson.move',
  'lesson.cancel',
  'lesson.delete',
  'lesson.substitute',
  'series.create',
  'series.update',
  'series.delete',
  // Attendance.
  'attendance.mark',
  'attendance.correct',
  // The center's calendar and rooms.
  'closed_day.add',
  'closed_day.rename',
  'closed_day.remove',
  'room.create',
  'room.update',
  'room.delete',
  // Settings.
  // Settings, money, teacher pay, make-ups, reports, materials, meetings (audit-money.ts).
  ...AUDIT_MONEY_ACTIONS,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One field's change as the log keeps it: before → after, or only that a secret changed. */
export const auditFieldChangeSchema = z.union([
  z.object({ secret: z.literal(true) }),
  z.object({ before: z.unknown(), after: z.unknown() }),
]);

export const auditEntrySchema = z.object({
  audit_id: z.string(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  actor_ip: z.string().nullable(),
  action: z.string(),
  record_type: z.string(),
  record_id: z.string(),
  changes: z.record(z.string(), auditFieldChangeSchema),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export const auditListSchema = pageOf(auditEntrySchema);
export type AuditList = z.infer<typeof auditListSchema>;

/** How long entries are kept, in days: 30 days to 10 years; two years unless the admin changes it. */
export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;
export const AUDIT_RETENTION_DEFAULT_DAYS = 730;
