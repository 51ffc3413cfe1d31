// The invoice codes in English, key for key with invoice-messages.ts.
import type { invoiceMessages } from './invoice-messages.ts';

export const invoiceMessagesEn: Record<keyof typeof invoiceMessages, string> = {
  INVOICE_PERIOD_INVALID: 'Please choose a valid month.',
  INVOICE_NO_FEE_PLAN: 'Class {class} has no fee plan yet.',
  INVOICE_NOTHING_TO_CHARGE: 'There is nothing to charge {name} for in {period}.',
  INVOICE_ALREADY_EXISTS: '{name} already has an invoice for class {class} in {period}.',
  INVOICE_NOT_ENROLLED: 'The student is not in this class in the chosen month.',
  INVOICE_NOT_DRAFT:
    'The invoice is issued and can no longer be edited; void it and make a new one.',
  INVOICE_ALREADY_VOID: 'This invoice is already void.',
  INVOICE_NOT_ISSUED: 'A draft is not voided: delete the draft instead.',
  INVOICE_LINES_REQUIRED: 'An invoice needs at least one line.',
  INVOICE_LINE_INVALID: 'Each line needs a description, a quantity of 1 or more and a valid price.',
  INVOICE_TOTAL_NEGATIVE: "The invoice's total cannot be negative.",
  INVOICE_NOT_PAYABLE:
    "A payment can only be recorded against an issued invoice of this student's.",
  INVOICE_DRAFT_CREATED: 'Draft invoice made for {name}.',
  INVOICE_DRAFT_SAVED: 'Draft invoice saved.',
  INVOICE_DRAFT_DELETED: 'Draft invoice deleted.',
  INVOICE_ISSUED: 'Invoice {number} issued.',
  INVOICE_VOIDED: 'Invoice {number} voided.',
  INVOICE_RUN_DONE:
    '{count, plural, one {# invoice issued} other {# invoices issued}}; {skipped, plural, other {# skipped}}.',
} as const;
