// Debts and the month's summary (issue 27): who owes what, aged by how long each open invoice is
// past its due date, and what a month invoiced, collected and received. Amounts are whole đồng.
import { z } from 'zod';
import { periodSchema } from './invoices.ts';
import { searchQuery } from './search.ts';

/** The aged buckets: not yet due, then days past the due date. */
export const DEBT_BUCKETS = [
  'not_due',
  'overdue_1_30',
  'overdue_31_60',
  'overdue_over_60',
] as const;
export type DebtBucket = (typeof DEBT_BUCKETS)[number];

const bucketsSchema = z.object({
  outstanding: z.number().int(),
  not_due: z.number().int(),
  overdue_1_30: z.number().int(),
  overdue_31_60: z.number().int(),
  overdue_over_60: z.number().int(),
});
export type DebtBucketsDto = z.infer<typeof bucketsSchema>;

export const debtRowSchema = bucketsSchema.extend({
  student_id: z.string(),
  student_name: z.string(),
  /** The classes of the student's open invoices, by name. */
  classes: z.array(z.object({ class_id: z.string().nullable(), class_name: z.string() })),
  /** How many invoices are open (outstanding > 0). */
  invoices: z.number().int(),
  /** The earliest due date among them. */
  oldest_due_date: z.string(),
});
export type DebtRowDto = z.infer<typeof debtRowSchema>;

export const debtListSchema = z.object({
  /** The center's today the buckets are counted from. */
  today: z.string(),
  /** One page of the rows, by name. */
  items: z.array(debtRowSchema),
  /** How many students owe (every page), and the totals of all of them. */
  total: z.number().int(),
  totals: bucketsSchema,
});
export type DebtListDto = z.infer<typeof debtListSchema>;

export const DEBTS_PAGE_SIZE = 50;

export const debtFilters = z.object({
  class_id: z.string().max(100).optional(),
  q: searchQuery,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(DEBTS_PAGE_SIZE),
});
export const debtExportFilters = debtFilters.pick({ class_id: true, q: true });

export const summaryQuery = z.object({ period: periodSchema });

const summaryAmounts = z.object({
  /** Invoices issued for the month (void ones left out). */
  invoices: z.number().int(),
  invoiced: z.number().int(),
  /** Paid on those invoices so far. */
  collected: z.number().int(),
  outstanding: z.number().int(),
});

export const monthSummarySchema = z.object({
  period: z.string(),
  classes: z.array(
    summaryAmounts.extend({ class_id: z.string().nullable(), class_name: z.string() }),
  ),
  total: summaryAmounts,
  /** Payments received in the month (by the date paid), reversed ones left out. */
  received: z.number().int(),
  /** Refunds paid out in the month, reversed ones left out. */
  refunded: z.number().int(),
});
export type MonthSummaryDto = z.infer<typeof monthSummarySchema>;
