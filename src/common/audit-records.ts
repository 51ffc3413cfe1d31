// The kinds of record the audit log names (audit.ts re-exports them beside its schemas): the
// Audit page's filter uses them without downloading zod.

export const AUDIT_RECORD_TYPES = [
  'user',
  'class',
  'lesson',
  'series',
  'attendance',
  'closed_day',
  'room',
  // Settings (record id: 'center', 'email', 'bank-account', 'bank-webhook-key', 'recordings',
  // 'audit'), themes, the video provider and its host accounts.
  'settings',
  'theme',
  'provider',
  'host_account',
  // A student's tuition account (ledger entries, discounts, make-up credits), invoices,
  // transfers, a teacher's pay.
  'student',
  'invoice',
  'bank_transfer',
  'teacher',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];
