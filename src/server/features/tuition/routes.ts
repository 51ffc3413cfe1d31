// Tuition's routes (issue 27, docs/decisions/028): a class's fee plan (admin sets, staff read), a
// student's discounts (admin sets; staff and the student read), and the student's account: its
// entries and balance (admin, staff, the student), payments (staff, admin), refunds and reversals
// (admin). Teachers see nothing of money.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '#common/notice.ts';
import { searchQuery } from '#common/search.ts';
import {
  accountSchema,
  discountInput,
  discountListSchema,
  discountSchema,
  endDiscountInput,
  entrySchema,
  feePlanInput,
  feePlanReply,
  paymentInput,
  refundInput,
  reverseEntryInput,
  tuitionStudentSchema,
} from '#common/tuition.ts';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { findVisibleClass } from '#server/features/classes/index.ts';
import { idempotencyKeyOf } from '#server/lib/operations/idempotent.ts';
import { addDiscount, endDiscount, listDiscounts } from './discounts.ts';
import { readFeePlan, removeFeePlan, saveFeePlan } from './fee-plans.ts';
import { readAccount, readEntry, recordPayment, recordRefund, reverseEntry } from './ledger.ts';
import { searchTuitionStudents } from './student-search.ts';
import { readableStudent } from './students.ts';

const classParams = z.object({ classId: idParam });
const studentParams = z.object({ studentId: idParam });
const discountParams = z.object({ discountId: idParam });
const entryParams = z.object({ entryId: idParam });
/** A writing route's answer: the entry written and the student's balance after it. */
const entryReply = noticeSchema.extend({ entry: entrySchema, balance: z.number().int() });

export const tuitionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.get(
      '/tuition/students',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "Students by name or e-mail, those who left too (they may still owe), with each one's balance (admin, staff)",
          querystring: z.object({ q: searchQuery }),
          response: {
            200: z.object({ items: z.array(tuitionStudentSchema) }),
            ...errorReplies,
          },
        },
      },
      async (request) => {
        userWithPermission(request, 'view_tuition');
        return { items: await searchTuitionStudents(db, request.query.q) };
      },
    );

    app.get(
      '/classes/:classId/fee-plan',
      {
        schema: {
          tags: ['tuition'],
          summary: "A class's fee plan, or null while it has none (admin, staff)",
          params: classParams,
          response: { 200: feePlanReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'view_tuition');
        await findVisibleClass(db, actor, request.params.classId);
        return { plan: await readFeePlan(db, request.params.classId) };
      },
    );

    app.put(
      '/classes/:classId/fee-plan',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "Set a class's fee plan (admin): per lesson (absences charged: all or unexcused), per month, or per course (optionally in instalments)",
          params: classParams,
          body: feePlanInput,
          response: { 200: feePlanReply.extend(noticeSchema.shape), ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'manage_fee_plans');
        const { plan, className } = await saveFeePlan(
          ctx,
          actor,
          request.params.classId,
          request.body,
        );
        return { plan, code: 'TUITION_PLAN_SAVED' as const, params: { class: className } };
      },
    );

    app.delete(
      '/classes/:classId/fee-plan',
      {
        schema: {
          tags: ['tuition'],
          summary: "Remove a class's fee plan (admin)",
          params: classParams,
          response: { 200: noticeSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'manage_fee_plans');
        const className = await removeFeePlan(ctx, actor, request.params.classId);
        return { code: 'TUITION_PLAN_REMOVED' as const, params: { class: className } };
      },
    );

    app.get(
      '/students/:studentId/discounts',
      {
        schema: {
          tags: ['tuition'],
          summary: "A student's discounts, running and ended (admin, staff, the student)",
          params: studentParams,
          response: { 200: discountListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const student = await readableStudent(db, currentUser(request), request.params.studentId);
        return { items: await listDiscounts(db, student.user_id) };
      },
    );

    app.post(
      '/students/:studentId/discounts',
      {
        schema: {
          tags: ['tuition'],
          summary:
            'Give a student a discount: a percentage or an amount, with a reason, from a day (admin)',
          params: studentParams,
          body: discountInput,
          response: { 201: discountSchema.extend(noticeSchema.shape), ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'manage_ledger');
        const { discount, studentName } = await addDiscount(
          ctx,
          actor,
          request.params.studentId,
          request.body,
        );
        reply.code(201);
        return {
          ...discount,
          code: 'TUITION_DISCOUNT_ADDED' as const,
          params: { name: studentName },
        };
      },
    );

    app.post(
      '/discounts/:discountId/end',
      {
        schema: {
          tags: ['tuition'],
          summary: 'End a running discount on a day, its last (admin)',
          params: discountParams,
          body: endDiscountInput,
          response: { 200: discountSchema.extend(noticeSchema.shape), ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_ledger');
        const discount = await endDiscount(ctx, request.params.discountId, request.body.ends_on);
        return { ...discount, code: 'TUITION_DISCOUNT_ENDED' as const };
      },
    );

    app.get(
      '/students/:studentId/account',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "A student's account: entries newest first and the balance, their sum (admin, staff, the student)",
          params: studentParams,
          response: { 200: accountSchema, ...errorReplies },
        },
      },
      async (request) => {
        const student = await readableStudent(db, currentUser(request), request.params.studentId);
        return readAccount(db, student);
      },
    );

    app.post(
      '/students/:studentId/payments',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "Record a payment to a student's account (staff, admin); an Idempotency-Key makes a retry record nothing twice",
          params: studentParams,
          body: paymentInput,
          response: { 201: entryReply, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'record_payments');
        const { studentId } = request.params;
        const entryId = await recordPayment(ctx, actor, {
          studentId,
          payment: request.body,
          idempotencyKey: idempotencyKeyOf(request),
        });
        reply.code(201);
        return { ...(await readEntry(db, entryId)), code: 'TUITION_PAYMENT_RECORDED' as const };
      },
    );

    app.post(
      '/students/:studentId/refunds',
      {
        schema: {
          tags: ['tuition'],
          summary: "Pay a student's credit back (admin): never more than the credit",
          params: studentParams,
          body: refundInput,
          response: { 201: entryReply, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'manage_ledger');
        const { studentId } = request.params;
        const entryId = await recordRefund(ctx, actor, {
          studentId,
          refund: request.body,
          idempotencyKey: idempotencyKeyOf(request),
        });
        reply.code(201);
        return { ...(await readEntry(db, entryId)), code: 'TUITION_REFUND_RECORDED' as const };
      },
    );

    app.post(
      '/ledger-entries/:entryId/reverse',
      {
        schema: {
          tags: ['tuition'],
          summary: 'Undo a ledger entry by its opposite, with a reason (admin); once per entry',
          params: entryParams,
          body: reverseEntryInput,
          response: { 201: entryReply, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'manage_ledger');
        const { entryId } = await reverseEntry(ctx, actor, {
          entryId: request.params.entryId,
          reason: request.body.reason,
          idempotencyKey: idempotencyKeyOf(request),
        });
        reply.code(201);
        return { ...(await readEntry(db, entryId)), code: 'TUITION_ENTRY_REVERSED' as const };
      },
    );
  };
