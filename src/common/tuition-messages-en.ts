// The tuition codes in English, key for key with tuition-messages.ts.
import type { tuitionMessages } from './tuition-messages.ts';

export const tuitionMessagesEn: Record<keyof typeof tuitionMessages, string> = {
  MONEY_AMOUNT_INVALID: 'The amount must be a whole number of VND above 0.',
  TUITION_PLAN_KIND_INVALID: 'Please choose how the tuition is charged.',
  TUITION_INSTALMENTS_TOTAL: "The instalments must add up to the course's fee.",
  TUITION_INSTALMENTS_ORDER: 'Instalments must be due in order, each on a different day.',
  TUITION_DUE_DATE_INVALID: 'Please choose a valid due date.',
  TUITION_DATE_INVALID: 'Please choose a valid date.',
  TUITION_REASON_REQUIRED: 'Please give a reason.',
  TUITION_DISCOUNT_VALUE: 'A percentage from 1 to 100, or an amount above 0.',
  TUITION_METHOD_INVALID: 'Please choose how it was paid.',
  TUITION_PLAN_SAVED: "{class}'s tuition is saved.",
  TUITION_PLAN_REMOVED: "{class}'s tuition is removed.",
  TUITION_DISCOUNT_ADDED: 'Discount added for {name}.',
  TUITION_DISCOUNT_ENDED: 'The discount has ended.',
  TUITION_DISCOUNT_ALREADY_ENDED: 'This discount has already ended.',
  TUITION_DISCOUNT_END_BEFORE_START: 'The end cannot be before the discount starts.',
  TUITION_NOT_A_STUDENT: 'Only students have a tuition account.',
  TUITION_PAYMENT_RECORDED: 'The payment is recorded.',
  TUITION_REFUND_RECORDED: 'The refund to the student is recorded.',
  TUITION_REFUND_OVER_CREDIT: "The refund is more than the student's credit.",
  TUITION_ENTRY_REVERSED: 'The entry is reversed.',
  TUITION_ENTRY_ALREADY_REVERSED: 'This entry has already been reversed.',
  TUITION_ENTRY_ON_INVOICE:
    'This entry belongs to an invoice: void the invoice instead of reversing its entries one by one.',
  TUITION_REVERSAL_NOT_REVERSIBLE: 'A reversal cannot be reversed; record a new entry instead.',
  TUITION_BANK_INVALID: 'Please choose a bank from the list.',
  TUITION_BANK_ACCOUNT_NUMBER_INVALID: 'The account number is 6 to 19 digits.',
  TUITION_BANK_ACCOUNT_NAME_INVALID:
    'The account name is written in capitals without accents, as the bank prints it, 2 to 70 characters.',
  TUITION_BANK_INCOMPLETE: 'Please give the bank, the account number and the account name.',
  TUITION_BANK_SAVED: "The center's bank account is saved.",
  TUITION_BANK_CLEARED: "The center's bank account is removed.",
  TUITION_BANK_NOT_SET: 'The center has no bank account to make a QR code for.',
  TUITION_QR_CONTENT_INVALID:
    'The transfer content is capital letters without accents, digits, spaces and dashes, at most 25 characters.',
  USER_ROLE_STUDENT_HAS_ACCOUNT:
    'This student has a tuition account (payments, refunds), so the role cannot change.',
};
