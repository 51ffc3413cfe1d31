// Teachers' pay (issue 28 point 3, docs/decisions/033-teachers-pay.md): a rate per teacher (per
// lesson or per hour, optionally per class), from a month on; a month's statement per teacher of
// the lessons they taught, adjusted by admin with a reason, approved (then frozen). Amounts are
// whole đồng.
import { z } from 'zod';
import { periodSchema } from './invoices.ts';
import { codes } from './messages.ts';
import { amountSchema, MAX_AMOUNT } from './money.ts';

export const PAY_RATE_KINDS = ['per_lesson', 'per_hour'] as const;
export type PayRateKind = (typeof PAY_RATE_KINDS)[number];

/** A month, YYYY-MM, in the center's zone. */
export const payMonthSchema = periodSchema;

export const payRateInput = z.object({
  teacher_id: z.uuid({ error: codes.PAY_TEACHER_NOT_FOUND }),
  /** Null or left out: the teacher's own rate; a class: the rate for that class only. */
  class_id: z.uuid({ error: codes.NOT_FOUND }).nullable().optional(),
  kind: z.enum(PAY_RATE_KINDS, { error: codes.PAY_RATE_KIND_INVALID }),
  amount: amountSchema,
  /** The first month it applies to; earlier months keep the rate they had. */
  effective_from: payMonthSchema,
});
export type PayRateInput = z.infer<typeof payRateInput>;

export const payRateSchema = z.object({
  rate_id: z.string(),
  teacher_id: z.string(),
  teacher_name: z.string(),
  class_id: z.string().nullable(),
  class_name: z.string().nullable(),
  kind: z.enum(PAY_RATE_KINDS),
  amount: z.number().int(),
  effective_from: z.string(),
  created_at: z.string(),
});
export type PayRateDto = z.infer<typeof payRateSchema>;
export const payRateListSchema = z.object({ items: z.array(payRateSchema) });

/** Where a line's time comes from: the provider's start and end, or the lesson's schedule. */
export const TIME_SOURCES = ['provider', 'schedule'] as const;
export type TimeSource = (typeof TIME_SOURCES)[number];

export const payLineSchema = z.object({
  schedule_id: z.string().nullable(),
  /** The lesson's date in the center's zone. */
  lesson_date: z.string(),
  class_id: z.string().nullable(),
  class_name: z.string(),
  topic: z.string(),
  /** Taught as the class's substitute teacher. */
  substitute: z.boolean(),
  started_at: z.string(),
  ended_at: z.string(),
  minutes: z.number().int(),
  time_source: z.enum(TIME_SOURCES),
  /**
   * Past its end but never started (still 'pending', no meeting): counted by the schedule like any
   * held lesson, flagged for the admin to check before approving.
   */
  never_started: z.boolean(),
  /** The rate applied; null when none is set (the line counts 0 and the month cannot be approved). */
  rate_kind: z.enum(PAY_RATE_KINDS).nullable(),
  rate_amount: z.number().int().nullable(),
  amount: z.number().int(),
  /** The sum of the admin's adjustments of this line. */
  adjusted: z.number().int(),
});
export type PayLineDto = z.infer<typeof payLineSchema>;

export const payAdjustmentSchema = z.object({
  adjustment_id: z.string(),
  /** The lesson it adjusts; null: the statement as a whole. */
  schedule_id: z.string().nullable(),
  amount: z.number().int(),
  reason: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type PayAdjustmentDto = z.infer<typeof payAdjustmentSchema>;

export const PAY_STATES = ['draft', 'approved'] as const;
export type PayState = (typeof PAY_STATES)[number];

const totalsShape = {
  lessons: z.number().int(),
  minutes: z.number().int(),
  /** The lines' amounts. */
  lesson_amount: z.number().int(),
  adjustments: z.number().int(),
  total: z.number().int(),
};

export const payStatementSummarySchema = z.object({
  teacher_id: z.string(),
  teacher_name: z.string(),
  month: z.string(),
  state: z.enum(PAY_STATES),
  /** Lines with no rate set: the statement cannot be approved until one is. */
  missing_rates: z.number().int(),
  approved_at: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  ...totalsShape,
});
export type PayStatementSummaryDto = z.infer<typeof payStatementSummarySchema>;

export const payStatementSchema = payStatementSummarySchema.extend({
  lines: z.array(payLineSchema),
  adjustment_items: z.array(payAdjustmentSchema),
});
export type PayStatementDto = z.infer<typeof payStatementSchema>;

export const payStatementListSchema = z.object({
  month: z.string(),
  /** By teacher's name: every statement of the month, or one page of them when a page is asked. */
  items: z.array(payStatementSummarySchema),
  /** How many statements the month has (every page), and how many of them are drafts. */
  total: z.number().int(),
  drafts: z.number().int(),
  /** The totals of the whole month (every page). */
  totals: z.object(totalsShape),
});
export type PayStatementListDto = z.infer<typeof payStatementListSchema>;

export const payMonthQuery = z.object({ month: payMonthSchema });

/** A page of the month's list; without `page_size`, every statement (as the page reads them). */
export const payStatementListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).optional(),
});

/** A signed amount (never 0) with its reason. */
export const payAdjustmentInput = z.object({
  schedule_id: z.uuid({ error: codes.PAY_LINE_NOT_FOUND }).nullable().optional(),
  amount: z
    .number({ error: codes.PAY_ADJUSTMENT_AMOUNT_INVALID })
    .int(codes.PAY_ADJUSTMENT_AMOUNT_INVALID)
    .min(-MAX_AMOUNT, codes.PAY_ADJUSTMENT_AMOUNT_INVALID)
    .max(MAX_AMOUNT, codes.PAY_ADJUSTMENT_AMOUNT_INVALID)
    .refine((amount) => amount !== 0, codes.PAY_ADJUSTMENT_AMOUNT_INVALID),
  reason: z
    .string({ error: codes.PAY_REASON_REQUIRED })
    .trim()
    .min(1, codes.PAY_REASON_REQUIRED)
    .max(500, codes.PAY_REASON_TOO_LONG),
});
export type PayAdjustmentInput = z.infer<typeof payAdjustmentInput>;

/** Per hour: rate × minutes / 60, rounded half up to whole đồng (decision 033). */
export function hourlyAmount(rate: number, minutes: number): number {
  return Math.floor((rate * minutes + 30) / 60);
}
