// The audit log's actions and record types for settings and secrets, the video provider's host
// accounts, money, teacher pay, make-ups, lesson reports, materials and meetings (issue 30). Each
// has its label in the catalogue pair src/web/i18n/audit-money.ts / audit-money.en.ts under
// 'audit.action.<name>' and 'audit.record.<type>'. The lead merges this list with the one for
// people, classes and lessons.

export const AUDIT_MONEY_ACTIONS = [
  // Settings and secrets
  'settings.update',
  'theme.create',
  'theme.update',
  'theme.delete',
  'theme.apply',
  'provider.credentials',
  'host-account.add',
  'host-account.release',
  'host-account.remove',
  'email-settings.update',
  'email-preferences.update',
  'bank-account.update',
  'bank-webhook-key.create',
  'bank-webhook-key.revoke',
  'recording-settings.update',
  'backup.start',
  // Money
  'fee-plan.create',
  'fee-plan.update',
  'fee-plan.remove',
  'discount.add',
  'discount.end',
  'ledger.charge',
  'ledger.discount',
  'ledger.payment',
  'ledger.refund',
  'ledger.reversal',
  'invoice.create',
  'invoice.update',
  'invoice.delete',
  'invoice.issue',
  'invoice.void',
  'bank-transfer.receive',
  'bank-transfer.match',
  'bank-transfer.ignore',
  // Teacher pay
  'pay-rate.set',
  'pay-rate.remove',
  'pay-adjustment.add',
  'pay-statement.approve',
  // Make-ups, reports, materials, meetings
  'makeup-credit.earn',
  'makeup-credit.withdraw',
  'makeup.book',
  'makeup.cancel',
  'lesson-report.write',
  'lesson-report.correct',
  'material.add',
  'material.remove',
  'lesson.start',
  'lesson.end',
] as const;
export type AuditMoneyAction = (typeof AUDIT_MONEY_ACTIONS)[number];

/**
 * The records these actions name: 'settings' (record id: 'center', 'email', 'bank-account',
 * 'bank-webhook-key', 'recordings'), 'theme', 'provider' (the provider's id), 'host_account',
 * 'student' (a student's account: ledger entries, discounts, make-up credits), 'invoice',
 * 'bank_transfer', 'class' (its fee plan, its materials), 'teacher' (pay rates, adjustments,
 * statements), 'lesson' (its report, its start and end), 'user' (one's own e-mail choices).
 */
export const AUDIT_MONEY_RECORD_TYPES = [
  'settings',
  'theme',
  'provider',
  'host_account',
  'student',
  'invoice',
  'bank_transfer',
  'class',
  'teacher',
  'lesson',
  'user',
] as const;
export type AuditMoneyRecordType = (typeof AUDIT_MONEY_RECORD_TYPES)[number];
