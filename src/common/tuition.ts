// Tuition (issue 27): a class's fee plan, a student's discounts, and a student's account as a
// ledger of entries (docs/decisions/028-money-and-the-ledger.md). Amounts are whole đồng
// (money.ts). The contracts both sides share.
import { z } from 'zod';
import { isRealDate } from './fields.ts';
import { codes } from './messages.ts';
import { amountSchema, MAX_AMOUNT } from './money.ts';

export const FEE_PLAN_KINDS = ['per_lesson', 'per_month', 'per_course'] as const;
export type FeePlanKind = (typeof FEE_PLAN_KINDS)[number];

/** Which absences a per-lesson plan charges: every one, or all but excused ones. */
export const CHARGED_ABSENCES = ['all', 'unexcused'] as const;
export type ChargedAbsences = (typeof CHARGED_ABSENCES)[number];

export const MAX_INSTALMENTS = 12;
export const MAX_REASON_LENGTH = 500;

const day = (code: keyof typeof codes) => z.string({ error: code }).refine(isRealDate, code);

const instalmentSchema = z.object({
  amount: amountSchema,
  due_date: day('TUITION_DUE_DATE_INVALID'),
});
export type Instalment = z.infer<typeof instalmentSchema>;

/** A class's fee plan as the admin sets it: one of three kinds. */
export const feePlanInput = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('per_lesson'),
        /** Charged for each lesson held (never a cancelled one). */
        amount: amountSchema,
        charged_absences: z.enum(CHARGED_ABSENCES, { error: codes.VALIDATION }),
      }),
      z.object({
        kind: z.literal('per_month'),
        /** Per calendar month enrolled; a partial first or last month by its lessons. */
        amount: amountSchema,
      }),
      z.object({
        kind: z.literal('per_course'),
        /** The whole class. */
        amount: amountSchema,
        /** Optional: the amount in parts with due dates, adding up to it. */
        instalments: z.array(instalmentSchema).max(MAX_INSTALMENTS, codes.VALIDATION).default([]),
      }),
    ],
    { error: codes.TUITION_PLAN_KIND_INVALID },
  )
  .superRefine((plan, context) => {
    if (plan.kind !== 'per_course' || plan.instalments.length === 0) return;
    const total = plan.instalments.reduce((sum, part) => sum + part.amount, 0);
    if (total !== plan.amount) {
      context.addIssue({
        code: 'custom',
        message: codes.TUITION_INSTALMENTS_TOTAL,
        path: ['instalments'],
      });
    }
    const dates = plan.instalments.map((part) => part.due_date);
    if (dates.some((date, index) => index > 0 && date <= dates[index - 1]!)) {
      context.addIssue({
        code: 'custom',
        message: codes.TUITION_INSTALMENTS_ORDER,
        path: ['instalments'],
      });
    }
  });
export type FeePlanInput = z.infer<typeof feePlanInput>;
/** The plan as a request sends it (instalments may be left out). */
export type FeePlanRequest = z.input<typeof feePlanInput>;

export const feePlanSchema = z.object({
  class_id: z.string(),
  kind: z.enum(FEE_PLAN_KINDS),
  amount: z.number().int(),
  charged_absences: z.enum(CHARGED_ABSENCES).nullable(),
  instalments: z.array(z.object({ amount: z.number().int(), due_date: z.string() })),
  updated_at: z.string(),
  updated_by_name: z.string().nullable(),
});
export type FeePlanDto = z.infer<typeof feePlanSchema>;
/** A class's plan, or null while it has none. */
export const feePlanReply = z.object({ plan: feePlanSchema.nullable() });

// Discounts

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

const reason = z
  .string({ error: codes.TUITION_REASON_REQUIRED })
  .trim()
  .min(1, codes.TUITION_REASON_REQUIRED)
  .max(MAX_REASON_LENGTH, codes.VALIDATION);

/** A student's discount (siblings, a scholarship): a percentage or an amount, from a day. */
export const discountInput = z
  .object({
    kind: z.enum(DISCOUNT_KINDS, { error: codes.VALIDATION }),
    /** Percent: 1–100; fixed: đồng off each invoice. */
    value: z
      .number({ error: codes.TUITION_DISCOUNT_VALUE })
      .int(codes.TUITION_DISCOUNT_VALUE)
      .min(1, codes.TUITION_DISCOUNT_VALUE)
      .max(MAX_AMOUNT, codes.TUITION_DISCOUNT_VALUE),
    reason,
    starts_on: day('TUITION_DATE_INVALID'),
  })
  .refine((discount) => discount.kind !== 'percent' || discount.value <= 100, {
    message: codes.TUITION_DISCOUNT_VALUE,
    path: ['value'],
  });
export type DiscountInput = z.infer<typeof discountInput>;

export const endDiscountInput = z.object({ ends_on: day('TUITION_DATE_INVALID') });

export const discountSchema = z.object({
  discount_id: z.string(),
  student_id: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  reason: z.string(),
  starts_on: z.string(),
  /** The last day it applies; null while it runs. */
  ends_on: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type DiscountDto = z.infer<typeof discountSchema>;
export const discountListSchema = z.object({ items: z.array(discountSchema) });

// The ledger

export const ENTRY_KINDS = ['charge', 'discount', 'payment', 'refund', 'reversal'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment recorded to a student's account (it settles what they owe, oldest first). */
export const paymentInput = z.object({
  amount: amountSchema,
  method: z.enum(PAYMENT_METHODS, { error: codes.TUITION_METHOD_INVALID }),
  /** The day it was paid (the center's calendar). */
  paid_on: day('TUITION_DATE_INVALID'),
  note: z.string().trim().max(MAX_REASON_LENGTH, codes.VALIDATION).optional(),
  /** The invoice it pays (issue 27); what is left over settles the oldest open ones, then credit. */
  invoice_id: z.string().min(1).optional(),
});
export type PaymentInput = z.infer<typeof paymentInput>;

/** A credit paid back to the student (admin). */
export const refundInput = z.object({
  amount: amountSchema,
  method: z.enum(PAYMENT_METHODS, { error: codes.TUITION_METHOD_INVALID }),
  paid_on: day('TUITION_DATE_INVALID'),
  note: reason,
});
export type RefundInput = z.infer<typeof refundInput>;

/** A mistake undone: an entry reversed by its opposite, with why (admin). */
export const reverseEntryInput = z.object({ reason });

export const entrySchema = z.object({
  entry_id: z.string(),
  kind: z.enum(ENTRY_KINDS),
  /** Signed đồng: positive raises what the student owes (a charge, a refund), negative lowers it. */
  amount: z.number().int(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  occurred_on: z.string(),
  note: z.string().nullable(),
  /** The entry this one reverses, for a reversal. */
  reverses_entry_id: z.string().nullable(),
  /** The reversal that undid this entry, if one did. */
  reversed_by_entry_id: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  /** The invoice a charge or discount was issued on, or a payment was made against. */
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
});
export type EntryDto = z.infer<typeof entrySchema>;

export const accountSchema = z.object({
  student: z.object({ user_id: z.string(), full_name: z.string(), email: z.string() }),
  /** The sum of the entries: positive, owed; negative, a credit. Never stored apart from them. */
  balance: z.number().int(),
  /** Newest first. */
  entries: z.array(entrySchema),
});
export type AccountDto = z.infer<typeof accountSchema>;

/** A student found for the tuition page: those who left too (they may still owe), with balances. */
export const tuitionStudentSchema = z.object({
  user_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  /** False: the student left the center (their account was removed); their money stays. */
  is_active: z.boolean(),
  balance: z.number().int(),
});
export type TuitionStudentDto = z.infer<typeof tuitionStudentSchema>;
