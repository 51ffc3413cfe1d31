// Invoices' routes (issue 27, docs/decisions/029-invoices.md): admin and staff make, edit, issue
// and run invoices (issue_invoices) and read all of them (view_tuition); admin voids
// (manage_ledger); a student reads their own issued invoices; teachers nothing.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vietQrSchema } from '#common/bank-account.ts';
import {
  editDraftInput,
  invoiceFilters,
  invoiceListSchema,
  invoiceRunInput,
  invoiceSchema,
  newInvoiceInput,
  runPreviewSchema,
  runResultSchema,
  voidInvoiceInput,
} from '#common/invoices.ts';
import { noticeSchema } from '#common/notice.ts';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { idempotencyKeyOf } from '#server/lib/operations/idempotent.ts';
import { readableStudent } from '../students.ts';
import { invoiceQr } from '../vietqr.ts';
import {
  createDraft,
  deleteDraft,
  editDraft,
  issueInvoice,
  listInvoices,
  oldestOpenInvoice,
  readInvoice,
  voidInvoice,
} from './invoices.ts';
import { tellInvoicesIssued } from './reminders.ts';
import { previewRun, runInvoices } from './runs.ts';

const invoiceParams = z.object({ invoiceId: idParam });
const invoiceReply = noticeSchema.extend({ invoice: invoiceSchema });
const studentParams = z.object({ studentId: idParam });
/** A VietQR code for what is due, or null (no bank account set, or nothing due). */
const qrReply = z.object({ qr: vietQrSchema.nullable() });

export const invoiceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/invoices',
      {
        schema: {
          tags: ['tuition'],
          summary:
            'Invoices, newest first (admin, staff: all, by student, class, month, state; a student: their own issued ones)',
          querystring: invoiceFilters,
          response: { 200: invoiceListSchema, ...errorReplies },
        },
      },
      async (request) => listInvoices(ctx, currentUser(request), request.query),
    );

    app.get(
      '/invoices/:invoiceId',
      {
        schema: {
          tags: ['tuition'],
          summary: 'One invoice with its lines and state (admin, staff, the student it is for)',
          params: invoiceParams,
          response: { 200: invoiceSchema, ...errorReplies },
        },
      },
      async (request) => readInvoice(ctx, currentUser(request), request.params.invoiceId),
    );

    app.get(
      '/invoices/:invoiceId/qr',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "The VietQR code paying what an issued invoice still asks, its number as the transfer's content (null: no bank account, or nothing due)",
          params: invoiceParams,
          response: { 200: qrReply, ...errorReplies },
        },
      },
      async (request) => {
        const invoice = await readInvoice(ctx, currentUser(request), request.params.invoiceId);
        if (!invoice.number || invoice.outstanding <= 0) return { qr: null };
        return {
          qr: await invoiceQr(ctx.database.db, {
            amount: invoice.outstanding,
            content: invoice.number,
          }),
        };
      },
    );

    app.get(
      '/students/:studentId/qr',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "The VietQR code paying a student's whole balance, the oldest open invoice's number as its content (admin, staff, the student)",
          params: studentParams,
          response: { 200: qrReply, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const student = await readableStudent(ctx.database.db, viewer, request.params.studentId);
        const due = await oldestOpenInvoice(ctx, student.user_id);
        if (!due) return { qr: null };
        return { qr: await invoiceQr(ctx.database.db, due) };
      },
    );

    app.post(
      '/invoices',
      {
        schema: {
          tags: ['tuition'],
          summary: "A draft invoice for one student, class and month, made from the class's plan",
          body: newInvoiceInput,
          response: { 201: invoiceReply, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'issue_invoices');
        const { invoiceId, studentName } = await createDraft(ctx, actor, request.body);
        reply.code(201);
        return {
          invoice: await readInvoice(ctx, actor, invoiceId),
          code: 'INVOICE_DRAFT_CREATED' as const,
          params: { name: studentName },
        };
      },
    );

    app.put(
      '/invoices/:invoiceId',
      {
        schema: {
          tags: ['tuition'],
          summary: "A draft's due date and lines, as edited (kept lines by id, typed lines added)",
          params: invoiceParams,
          body: editDraftInput,
          response: { 200: invoiceReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'issue_invoices');
        await readInvoice(ctx, actor, request.params.invoiceId);
        await editDraft(ctx, request.params.invoiceId, request.body);
        return {
          invoice: await readInvoice(ctx, actor, request.params.invoiceId),
          code: 'INVOICE_DRAFT_SAVED' as const,
        };
      },
    );

    app.delete(
      '/invoices/:invoiceId',
      {
        schema: {
          tags: ['tuition'],
          summary: 'Delete a draft (an issued invoice is voided instead)',
          params: invoiceParams,
          response: { 200: noticeSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'issue_invoices');
        await readInvoice(ctx, actor, request.params.invoiceId);
        await deleteDraft(ctx, request.params.invoiceId);
        return { code: 'INVOICE_DRAFT_DELETED' as const };
      },
    );

    app.post(
      '/invoices/:invoiceId/issue',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "Issue a draft: its number (HP-YYYY-NNNNNN), its charges on the student's account",
          params: invoiceParams,
          response: { 200: invoiceReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'issue_invoices');
        await readInvoice(ctx, actor, request.params.invoiceId);
        const number = await issueInvoice(ctx, actor, request.params.invoiceId);
        // Committed: the student is told (never inside the issue's transaction).
        await tellInvoicesIssued(ctx, request.log, [request.params.invoiceId]);
        return {
          invoice: await readInvoice(ctx, actor, request.params.invoiceId),
          code: 'INVOICE_ISSUED' as const,
          params: { number },
        };
      },
    );

    app.post(
      '/invoices/:invoiceId/void',
      {
        schema: {
          tags: ['tuition'],
          summary:
            'Void an issued invoice with why (admin): it keeps its number; its charges are reversed',
          params: invoiceParams,
          body: voidInvoiceInput,
          response: { 200: invoiceReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'manage_ledger');
        await readInvoice(ctx, actor, request.params.invoiceId);
        const number = await voidInvoice(ctx, actor, request.params.invoiceId, request.body.reason);
        return {
          invoice: await readInvoice(ctx, actor, request.params.invoiceId),
          code: 'INVOICE_VOIDED' as const,
          params: { number },
        };
      },
    );

    app.post(
      '/invoice-runs/preview',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "A month's run previewed: every invoice and its lines, and who is left out and why",
          body: invoiceRunInput,
          response: { 200: runPreviewSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'issue_invoices');
        return previewRun(ctx, request.body);
      },
    );

    app.post(
      '/invoice-runs',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "Issue a month's run in one transaction; an Idempotency-Key makes a retry issue nothing twice",
          body: invoiceRunInput,
          response: { 201: runResultSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'issue_invoices');
        const result = await runInvoices(ctx, actor, request.body, idempotencyKeyOf(request));
        // Committed: each student is told once (a retried run's are already there).
        await tellInvoicesIssued(ctx, request.log, result.invoice_ids);
        reply.code(201);
        return {
          code: 'INVOICE_RUN_DONE' as const,
          params: { count: String(result.invoice_ids.length), skipped: String(result.skipped) },
          invoice_ids: result.invoice_ids,
          skipped: result.skipped,
        };
      },
    );
  };
