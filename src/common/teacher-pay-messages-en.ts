// Teachers' pay server messages in English, by the same codes as teacher-pay-messages.ts.
import type { teacherPayMessages } from './teacher-pay-messages.ts';

export const teacherPayMessagesEn: Record<keyof typeof teacherPayMessages, string> = {
  PAY_TEACHER_NOT_FOUND: 'Teacher not found.',
  PAY_RATE_KIND_INVALID: 'Please choose how pay is counted: per lesson or per hour.',
  PAY_RATE_SAVED: 'The rate was saved.',
  PAY_RATE_DELETED: 'The rate was deleted.',
  PAY_RATE_MISSING: 'No rate is set for {name}: the statement cannot be approved yet.',
  PAY_LINE_NOT_FOUND: "This lesson is not on the month's statement.",
  PAY_ADJUSTMENT_AMOUNT_INVALID: 'Please enter the adjustment (a whole amount, not 0).',
  PAY_REASON_REQUIRED: 'Please enter the reason for the adjustment.',
  PAY_REASON_TOO_LONG: 'The reason can be at most 500 characters.',
  PAY_ADJUSTED: 'The adjustment was recorded.',
  PAY_ALREADY_APPROVED: "This month's statement is approved and can no longer change.",
  PAY_MONTH_NOT_OVER: 'The month {month} is not over: statements are approved once it ends.',
  PAY_NOTHING_TO_APPROVE: 'There is no draft statement to approve.',
  PAY_APPROVED: '{count, plural, one {# statement} other {# statements}} approved.',
} as const;
