// Matching bank transfers (issue 27, docs/decisions/030-bank-transfers.md): a statement file's
// credit lines and the bank webhook's transfers, each matched to an invoice by the number in its
// content and its amount, recorded once. The contracts both sides share; amounts are whole đồng.
import { z } from 'zod';
import { isRealDate } from './fields.ts';
import { codes } from './messages.ts';
import { amountSchema } from './money.ts';
import { MAX_REASON_LENGTH } from './tuition.ts';

/** How a line stands against the invoice its content names. */
export const MATCH_KINDS = ['exact', 'partial', 'over', 'unknown', 'already'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export const TRANSFER_STATUSES = ['matched', 'unmatched', 'ignored'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** The most lines one statement may hold. */
export const MAX_STATEMENT_LINES = 2000;
export const MAX_CONTENT_LENGTH = 500;

/**
 * Invoice numbers written in a transfer's content, as HP-YYYY-NNNNNN: banks drop the dashes,
 * change case and insert spaces ('HP2026000123', 'hp 2026 000123', 'HP-2026-000123').
 */
export function invoiceNumbersIn(content: string): string[] {
  const found: string[] = [];
  for (const match of content.matchAll(/HP[\s._-]*(\d{4})[\s._-]*(\d{6})(?!\d)/gi)) {
    const number = `HP-${match[1]}-${match[2]}`;
    if (!found.includes(number)) found.push(number);
  }
  return found;
}

/** A credit line of a statement as read from its file (and sent back to confirm it). */
export const statementLineSchema = z.object({
  /** The line's row in the file (1 = the first row), to find it again. */
  row: z.number().int().min(1),
  date: z.string().refine(isRealDate, codes.TUITION_DATE_INVALID),
  amount: amountSchema,
  content: z.string().max(MAX_CONTENT_LENGTH, codes.VALIDATION),
  /** The bank's reference of the transfer, when the file has one. */
  reference: z.string().max(100, codes.VALIDATION).nullable(),
  /** The balance after it, when the file has one (it tells identical lines apart). */
  balance: z.string().max(40, codes.VALIDATION).nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const matchedInvoiceSchema = z.object({
  invoice_id: z.string(),
  number: z.string(),
  student_id: z.string(),
  student_name: z.string(),
  class_name: z.string(),
  /** What was still owed on it before this line (after the lines above it in the same file). */
  outstanding: z.number().int(),
});
export type MatchedInvoiceDto = z.infer<typeof matchedInvoiceSchema>;

export const previewLineSchema = statementLineSchema.extend({
  kind: z.enum(MATCH_KINDS),
  invoice: matchedInvoiceSchema.nullable(),
});
export type PreviewLineDto = z.infer<typeof previewLineSchema>;

export const statementPreviewSchema = z.object({
  lines: z.array(previewLineSchema),
  /** Debit lines (money out), left aside. */
  debits: z.number().int(),
  /** Rows that are not a transfer (no readable date or amount: totals, notes). */
  skipped: z.number().int(),
  counts: z.record(z.enum(MATCH_KINDS), z.number().int()),
});
export type StatementPreviewDto = z.infer<typeof statementPreviewSchema>;

export const confirmStatementInput = z.object({
  lines: z
    .array(statementLineSchema)
    .min(1, codes.BANK_STATEMENT_NO_CREDITS)
    .max(MAX_STATEMENT_LINES, codes.BANK_STATEMENT_TOO_LONG),
});
export type ConfirmStatementInput = z.infer<typeof confirmStatementInput>;

export const confirmResultSchema = z.object({
  code: z.literal('BANK_STATEMENT_RECORDED'),
  params: z.record(z.string(), z.string()),
  recorded: z.number().int(),
  unmatched: z.number().int(),
  already: z.number().int(),
});

export const transferSchema = z.object({
  transfer_id: z.string(),
  source: z.enum(['statement', 'webhook']),
  bank_reference: z.string().nullable(),
  transferred_on: z.string(),
  amount: z.number().int(),
  content: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  student_id: z.string().nullable(),
  student_name: z.string().nullable(),
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  entry_id: z.string().nullable(),
  ignore_reason: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolved_by_name: z.string().nullable(),
});
export type TransferDto = z.infer<typeof transferSchema>;

export const transferFilters = z.object({
  status: z.enum(TRANSFER_STATUSES).default('unmatched'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const transferListSchema = z.object({
  items: z.array(transferSchema),
  total: z.number().int(),
});

/** An unmatched transfer given to a student (and optionally one of their invoices). */
export const assignTransferInput = z.object({
  student_id: z.string().min(1, codes.VALIDATION),
  invoice_id: z.string().min(1).optional(),
});

export const ignoreTransferInput = z.object({
  reason: z.string().trim().max(MAX_REASON_LENGTH, codes.VALIDATION).optional(),
});

/** The webhook's key as Settings shows it: never the key itself, except once when generated. */
export const webhookKeySchema = z.object({
  configured: z.boolean(),
  hint: z.string().nullable(),
  created_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  webhook_url: z.string(),
});
export type WebhookKeyDto = z.infer<typeof webhookKeySchema>;

/** One incoming transfer as SePay posts it (fields it adds later are let through). */
export const sepayTransferSchema = z.looseObject({
  id: z.union([z.number().int(), z.string().min(1).max(100)]),
  gateway: z.string().max(100).nullish(),
  transactionDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  accountNumber: z.string().max(50).nullish(),
  code: z.string().max(100).nullish(),
  content: z.string().max(MAX_CONTENT_LENGTH).nullish(),
  transferType: z.enum(['in', 'out']),
  transferAmount: z.number().int().min(0),
  referenceCode: z.string().max(100).nullish(),
  description: z.string().nullish(),
});
export type SepayTransfer = z.infer<typeof sepayTransferSchema>;
