// Invoices (issue 27, docs/decisions/029-invoices.md): what a student is asked to pay for one
// class and one month, made from the class's fee plan and the lessons held, numbered when issued
// (HP-YYYY-NNNNNN, gapless per year). The contracts both sides share; amounts are whole đồng.
import { z } from 'zod';
import { isRealDate } from './fields.ts';
import { codes } from './messages.ts';
import { MAX_AMOUNT } from './money.ts';
import { MAX_REASON_LENGTH } from './tuition.ts';

/** A calendar month of the center, 'YYYY-MM': what an invoice is for. */
export const periodSchema = z
  .string({ error: codes.INVOICE_PERIOD_INVALID })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, codes.INVOICE_PERIOD_INVALID);

const day = (code: keyof typeof codes) => z.string({ error: code }).refine(isRealDate, code);

/** Stored states; 'partly_paid' and 'paid' are read off the payments allocated to an issued one. */
export const INVOICE_STATUSES = ['draft', 'issued', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATES = ['draft', 'issued', 'partly_paid', 'paid', 'void'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/**
 * What a line is, so that it is written in its reader's language: the plan's lessons, month,
 * course or instalment, a discount, or a line typed on a draft (its own description).
 */
export const LINE_LABELS = [
  'lessons',
  'month',
  'month_prorated',
  'course',
  'instalment',
  'discount_percent',
  'discount_fixed',
  'custom_charge',
  'custom_discount',
] as const;
export type LineLabel = (typeof LINE_LABELS)[number];

export const invoiceLineSchema = z.object({
  line_id: z.string(),
  label: z.enum(LINE_LABELS),
  /** The label's values (a month, a count, a percent, a discount's reason). */
  params: z.record(z.string(), z.string()),
  /** A typed line's text; null for a line made from the plan. */
  description: z.string().nullable(),
  quantity: z.number().int(),
  unit_amount: z.number().int(),
  /** Signed: a charge is positive, a discount negative. */
  amount: z.number().int(),
});
export type InvoiceLineDto = z.infer<typeof invoiceLineSchema>;

export const invoiceSummarySchema = z.object({
  invoice_id: z.string(),
  /** Assigned when issued; null on a draft. */
  number: z.string().nullable(),
  student_id: z.string(),
  student_name: z.string(),
  class_id: z.string().nullable(),
  class_name: z.string(),
  period: z.string(),
  state: z.enum(INVOICE_STATES),
  due_date: z.string(),
  /** Issued (not paid) and past its due date. */
  overdue: z.boolean(),
  total: z.number().int(),
  paid: z.number().int(),
  outstanding: z.number().int(),
  issued_at: z.string().nullable(),
});
export type InvoiceSummaryDto = z.infer<typeof invoiceSummarySchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  lines: z.array(invoiceLineSchema),
  void_reason: z.string().nullable(),
  voided_at: z.string().nullable(),
  voided_by_name: z.string().nullable(),
  issued_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type InvoiceDto = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({
  items: z.array(invoiceSummarySchema),
  total: z.number().int(),
});

export const invoiceFilters = z.object({
  student_id: z.string().optional(),
  class_id: z.string().optional(),
  period: periodSchema.optional(),
  state: z.enum(INVOICE_STATES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** A draft for one student: the class and month; its lines are made from the plan. */
export const newInvoiceInput = z.object({
  student_id: z.string().min(1, codes.VALIDATION),
  class_id: z.string().min(1, codes.VALIDATION),
  period: periodSchema,
  due_date: day('TUITION_DUE_DATE_INVALID'),
});
export type NewInvoiceInput = z.infer<typeof newInvoiceInput>;

/** A draft's line as edited: a line kept (by id, its quantity and price may change) or a typed one. */
const draftLineInput = z.object({
  line_id: z.string().optional(),
  /** For a typed line: a charge or a discount. Ignored for a kept line. */
  kind: z.enum(['charge', 'discount']).default('charge'),
  description: z.string().trim().max(200, codes.INVOICE_LINE_INVALID).optional(),
  quantity: z
    .number({ error: codes.INVOICE_LINE_INVALID })
    .int(codes.INVOICE_LINE_INVALID)
    .min(1, codes.INVOICE_LINE_INVALID)
    .max(1000, codes.INVOICE_LINE_INVALID),
  /** Always positive; a discount's sign comes from its kind. */
  unit_amount: z
    .number({ error: codes.INVOICE_LINE_INVALID })
    .int(codes.INVOICE_LINE_INVALID)
    .min(0, codes.INVOICE_LINE_INVALID)
    .max(MAX_AMOUNT, codes.INVOICE_LINE_INVALID),
});
export const editDraftInput = z.object({
  due_date: day('TUITION_DUE_DATE_INVALID'),
  lines: z.array(draftLineInput).min(1, codes.INVOICE_LINES_REQUIRED).max(100, codes.VALIDATION),
});
export type EditDraftInput = z.infer<typeof editDraftInput>;
export type EditDraftRequest = z.input<typeof editDraftInput>;

export const voidInvoiceInput = z.object({
  reason: z
    .string({ error: codes.TUITION_REASON_REQUIRED })
    .trim()
    .min(1, codes.TUITION_REASON_REQUIRED)
    .max(MAX_REASON_LENGTH, codes.VALIDATION),
});

/** A month's run: every student of one class, or of every class with a plan (class_id left out). */
export const invoiceRunInput = z.object({
  period: periodSchema,
  class_id: z.string().min(1).optional(),
  due_date: day('TUITION_DUE_DATE_INVALID'),
});
export type InvoiceRunInput = z.infer<typeof invoiceRunInput>;

export const SKIP_REASONS = ['no_fee_plan', 'nothing_to_charge', 'already_invoiced'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const plannedInvoiceSchema = z.object({
  student_id: z.string(),
  student_name: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  due_date: z.string(),
  lines: z.array(invoiceLineSchema.omit({ line_id: true })),
  total: z.number().int(),
});
export type PlannedInvoiceDto = z.infer<typeof plannedInvoiceSchema>;

export const runPreviewSchema = z.object({
  period: z.string(),
  invoices: z.array(plannedInvoiceSchema),
  skipped: z.array(
    z.object({
      student_id: z.string().nullable(),
      student_name: z.string().nullable(),
      class_id: z.string(),
      class_name: z.string(),
      reason: z.enum(SKIP_REASONS),
    }),
  ),
  total: z.number().int(),
});
export type RunPreviewDto = z.infer<typeof runPreviewSchema>;

export const runResultSchema = z.object({
  code: z.literal('INVOICE_RUN_DONE'),
  params: z.record(z.string(), z.string()),
  invoice_ids: z.array(z.string()),
  skipped: z.number().int(),
});
