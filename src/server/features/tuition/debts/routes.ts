// Debts' routes (issue 27): who owes what, aged, filtered by class and name (admin, staff:
// view_tuition), the same as an .xlsx file (staff only while the center lets staff export), and
// the month's summary (admin: manage_ledger, the admin's own money permission).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  debtExportFilters,
  debtFilters,
  debtListSchema,
  monthSummarySchema,
  summaryQuery,
} from '#common/debts.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { assertMayExport } from '#server/features/center-settings/index.ts';
import { documentText, languageOf } from '#server/lib/document-texts.ts';
import { attachment } from '#server/lib/spreadsheet.ts';
import { todayOf } from '../invoices/invoices.ts';
import { listDebts } from './debts.ts';
import { debtsXlsx } from './export.ts';
import { monthSummary } from './summary.ts';

export const debtRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.get(
      '/debts',
      {
        schema: {
          tags: ['tuition'],
          summary:
            'Who owes what: a row per student with money outstanding, aged (not due, 1–30, 31–60, over 60 days overdue), with totals (admin, staff)',
          querystring: debtFilters,
          response: { 200: debtListSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'view_tuition');
        return listDebts(db, todayOf(ctx), request.query);
      },
    );

    app.get(
      '/debts/export',
      {
        schema: {
          tags: ['tuition'],
          summary: 'The debts list (same filters, every row) as an .xlsx file with a totals row',
          querystring: debtExportFilters,
          response: { 200: z.any(), ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = userWithPermission(request, 'view_tuition');
        await assertMayExport(db, viewer);
        const today = todayOf(ctx);
        const list = await listDebts(db, today, request.query);
        const language = languageOf(viewer.language);
        const name = documentText(language, 'debts.fileName', { date: today });
        reply.serializer((payload: unknown) => payload as string);
        reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachment(`${name}.xlsx`));
        return debtsXlsx(list, language);
      },
    );

    app.get(
      '/tuition/summary',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "The month's summary (admin): per class and in total, invoiced, collected and outstanding; money received and refunded in the month",
          querystring: summaryQuery,
          response: { 200: monthSummarySchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_ledger');
        return monthSummary(db, request.query.period);
      },
    );
  };
