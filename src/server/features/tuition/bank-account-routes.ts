// The center's bank account and a sample of its VietQR code (issue 27, docs/decisions/028,
// "VietQR"). Admin and staff read the account (staff take payments into it); only the admin sets
// or clears it, and only the admin asks for the sample code the Settings card shows after saving.
// Students never read the account here: an invoice's code carries what their transfer needs.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankAccountInput,
  bankAccountReply,
  qrPreviewQuery,
  vietQrSchema,
} from '#common/bank-account.ts';
import { noticeSchema } from '#common/notice.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { readBankAccount, saveBankAccount } from './bank-account.ts';
import { invoiceQr } from './vietqr.ts';

export const bankAccountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.get(
      '/center-settings/bank-account',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "The center's bank account for VietQR codes, or null while none is set (admin, staff)",
          response: { 200: bankAccountReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'view_tuition');
        return { account: await readBankAccount(db) };
      },
    );

    app.put(
      '/center-settings/bank-account',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "Set the center's bank account (admin): a bank of the NAPAS list by its BIN, the account number, the account name; all three null clear it",
          body: bankAccountInput,
          response: { 200: bankAccountReply.extend(noticeSchema.shape), ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const account = await saveBankAccount(db, request.body);
        return {
          account,
          code: account ? ('TUITION_BANK_SAVED' as const) : ('TUITION_BANK_CLEARED' as const),
        };
      },
    );

    app.get(
      '/tuition/qr-preview',
      {
        schema: {
          tags: ['tuition'],
          summary:
            "A VietQR code for an amount and a transfer content into the center's account (admin): the Settings card's sample",
          querystring: qrPreviewQuery,
          response: { 200: vietQrSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const qr = await invoiceQr(db, request.query);
        if (!qr) throw new AppError('TUITION_BANK_NOT_SET');
        return qr;
      },
    );
  };
