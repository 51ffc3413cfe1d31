// Teachers' pay routes (issue 28 point 3, docs/decisions/033-teachers-pay.md): rates, a month's
// statements, adjustments, approval and the .xlsx export are the admin's (manage_teacher_pay); a
// teacher reads their own statement of a month (view_own_pay), never another teacher's. Staff and
// students have no access.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '#common/notice.ts';
import { hasPermission } from '#common/permissions.ts';
import {
  payAdjustmentInput,
  payMonthSchema,
  payRateInput,
  payRateListSchema,
  payRateSchema,
  payStatementListQuery,
  payStatementListSchema,
  payStatementSchema,
} from '#common/teacher-pay.ts';
import { errorReplies, idParam, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { documentText, languageOf } from '#server/lib/document-texts.ts';
import { attachment } from '#server/lib/spreadsheet.ts';
import { payXlsx } from './export.ts';
import {
  adjustStatement,
  approveMonth,
  approveStatement,
  payClockOf,
} from './manage-statements.ts';
import { deleteRate, listRates, setRate } from './rates.ts';
import { listStatements, readStatements } from './statements.ts';

const monthParams = z.object({ month: payMonthSchema });
const statementParams = z.object({ month: payMonthSchema, teacherId: idParam });
const TAGS = ['teacher-pay'];

export const teacherPayRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.get(
      '/teacher-pay/rates',
      {
        schema: {
          tags: TAGS,
          summary:
            "Teachers' rates (admin): each teacher's own and per-class rates, per lesson or per hour, each from a month on",
          querystring: z.object({ teacher_id: idParam.optional() }),
          response: { 200: payRateListSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_teacher_pay');
        return { items: await listRates(ctx, request.query.teacher_id) };
      },
    );

    app.put(
      '/teacher-pay/rates',
      {
        schema: {
          tags: TAGS,
          summary:
            "Sets a teacher's rate (admin): their own, or for one class (over their own), from a month on; the same teacher, class and month again replaces it",
          body: payRateInput,
          response: { 200: noticeSchema.extend({ rate: payRateSchema }), ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'manage_teacher_pay');
        const rate = await setRate(ctx, actor, request.body);
        return { code: 'PAY_RATE_SAVED' as const, rate };
      },
    );

    app.delete(
      '/teacher-pay/rates/:rateId',
      {
        schema: {
          tags: TAGS,
          summary:
            'Deletes a rate (admin); approved statements keep the amounts they were approved with',
          params: z.object({ rateId: idParam }),
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_teacher_pay');
        await deleteRate(ctx, request.params.rateId);
        return { ok: true as const, code: 'PAY_RATE_DELETED' as const };
      },
    );

    app.get(
      '/teacher-pay/months/:month/statements',
      {
        schema: {
          tags: TAGS,
          summary:
            "The month's statements (admin): a row per teacher who taught or was adjusted, draft or approved, by name (a page of them with `page_size`), with how many and the whole month's totals",
          params: monthParams,
          querystring: payStatementListQuery,
          response: { 200: payStatementListSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_teacher_pay');
        const { page, page_size } = request.query;
        return listStatements(
          db,
          request.params.month,
          payClockOf(ctx),
          page_size ? { page, page_size } : undefined,
        );
      },
    );

    app.get(
      '/teacher-pay/months/:month/statements/:teacherId',
      {
        schema: {
          tags: TAGS,
          summary:
            "A teacher's statement of a month with its lines and adjustments (admin; a teacher their own only)",
          params: statementParams,
          response: { 200: payStatementSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const { month, teacherId } = request.params;
        const own = viewer.user_id === teacherId && hasPermission(viewer.role, 'view_own_pay');
        if (!own && !hasPermission(viewer.role, 'manage_teacher_pay')) {
          throw new AppError('FORBIDDEN');
        }
        const teacher = await db
          .selectFrom('users')
          .select('user_id')
          .where('user_id', '=', teacherId)
          .executeTakeFirst();
        if (!teacher) throw new AppError('PAY_TEACHER_NOT_FOUND');
        const [statement] = await readStatements(db, month, payClockOf(ctx), [teacherId]);
        if (!statement) throw new AppError('PAY_TEACHER_NOT_FOUND');
        return statement;
      },
    );

    app.post(
      '/teacher-pay/months/:month/statements/:teacherId/adjustments',
      {
        schema: {
          tags: TAGS,
          summary:
            "Adjusts a teacher's draft statement (admin): a signed amount with a reason, on one of its lessons or the whole statement; refused once approved",
          params: statementParams,
          body: payAdjustmentInput,
          response: { 201: noticeSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'manage_teacher_pay');
        const { month, teacherId } = request.params;
        await adjustStatement(ctx, actor, teacherId, month, request.body);
        return reply.status(201).send({ code: 'PAY_ADJUSTED' as const });
      },
    );

    app.post(
      '/teacher-pay/months/:month/statements/:teacherId/approve',
      {
        schema: {
          tags: TAGS,
          summary:
            "Approves a teacher's statement of a month that is over (admin): its lines and amounts are stored and no longer change",
          params: statementParams,
          response: { 200: noticeSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'manage_teacher_pay');
        await approveStatement(ctx, actor, request.params.teacherId, request.params.month);
        return { code: 'PAY_APPROVED' as const, params: { count: '1' } };
      },
    );

    app.post(
      '/teacher-pay/months/:month/approve',
      {
        schema: {
          tags: TAGS,
          summary:
            'Approves every draft statement of a month that is over (admin), all or none: a lesson without a rate refuses the run',
          params: monthParams,
          response: { 200: noticeSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'manage_teacher_pay');
        const count = await approveMonth(ctx, actor, request.params.month);
        return { code: 'PAY_APPROVED' as const, params: { count: String(count) } };
      },
    );

    app.get(
      '/teacher-pay/months/:month/export',
      {
        schema: {
          tags: TAGS,
          summary:
            'Every statement of a month as an .xlsx file (admin): a summary sheet with totals and a sheet of lines and adjustments',
          params: monthParams,
          response: { 200: z.any(), ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = userWithPermission(request, 'manage_teacher_pay');
        const { month } = request.params;
        const statements = await readStatements(db, month, payClockOf(ctx));
        const language = languageOf(viewer.language);
        const name = documentText(language, 'pay.fileName', { month });
        reply.serializer((payload: unknown) => payload as string);
        reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachment(`${name}.xlsx`));
        return payXlsx(statements, language, ctx.config.centerTimezone);
      },
    );
  };
