// Matching bank transfers' routes (issue 27, docs/decisions/030-bank-transfers.md): a statement
// previewed then confirmed, the transfers left unmatched given to a student or ignored (staff,
// admin: record_payments), the webhook's key (admin, in Settings), and the webhook itself
// (the bank-notification service's, authenticated by that key).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignTransferInput,
  confirmResultSchema,
  confirmStatementInput,
  ignoreTransferInput,
  MATCH_KINDS,
  type MatchKind,
  sepayTransferSchema,
  statementPreviewSchema,
  transferFilters,
  transferListSchema,
  transferSchema,
  webhookKeySchema,
} from '#common/bank.ts';
import { noticeSchema } from '#common/notice.ts';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { readUploadedFile } from '#server/features/files/index.ts';
import { idempotencyKeyOf } from '#server/lib/operations/idempotent.ts';
import { publicUrl } from '#server/lib/public-origin.ts';
import { matchLines } from './matching.ts';
import { readStatement } from './statement.ts';
import {
  assignTransfer,
  confirmStatement,
  ignoreTransfer,
  listTransfers,
  readTransfer,
  receiveWebhookTransfer,
} from './transfers.ts';
import {
  generateWebhookKey,
  readWebhookKey,
  revokeWebhookKey,
  webhookKeyOwner,
} from './webhook-key.ts';

/** A statement of a few thousand lines is well under 2 MB, as CSV or .xlsx. */
const MAX_STATEMENT_BYTES = 5 * 1_048_576;
const transferParams = z.object({ transferId: idParam });
const transferReply = noticeSchema.extend({ transfer: transferSchema });

/** The address this server is reached at, for the webhook URL the service is given. */
const webhookUrlOf = (ctx: AppContext) => publicUrl(ctx, '/api/bank/webhook');

export const bankRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.post(
      '/bank/statements/preview',
      {
        schema: {
          tags: ['bank'],
          summary:
            'A bank statement (multipart `file`, CSV or .xlsx) read: each credit line matched to an invoice by the number in its content and its amount (exact, partial, over, unknown, already recorded); nothing is written',
          consumes: ['multipart/form-data'],
          response: { 200: statementPreviewSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'record_payments');
        const bytes = await readUploadedFile(request, {
          maxBytes: MAX_STATEMENT_BYTES,
          tooLarge: 'PAYLOAD_TOO_LARGE',
          missing: 'IMPORT_FILE_REQUIRED',
          notMultipart: new AppError('IMPORT_FILE_REQUIRED', { field: 'file' }),
        });
        const statement = await readStatement(bytes);
        const matches = await matchLines(db, statement.lines);
        const counts = Object.fromEntries(MATCH_KINDS.map((kind) => [kind, 0])) as Record<
          MatchKind,
          number
        >;
        for (const match of matches) counts[match.kind]++;
        return {
          lines: statement.lines.map((line, index) => ({
            ...line,
            kind: matches[index]!.kind,
            invoice: matches[index]!.invoice,
          })),
          debits: statement.debits,
          skipped: statement.skipped,
          counts,
        };
      },
    );

    app.post(
      '/bank/statements',
      {
        bodyLimit: 4 * 1_048_576,
        schema: {
          tags: ['bank'],
          summary:
            "A previewed statement's lines confirmed in one transaction (Idempotency-Key): matched ones recorded as payments against their invoices, unknown ones kept as unmatched, ones seen before left alone",
          body: confirmStatementInput,
          response: { 200: confirmResultSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'record_payments');
        const result = await confirmStatement(
          ctx,
          actor,
          request.body.lines,
          idempotencyKeyOf(request),
        );
        return {
          code: 'BANK_STATEMENT_RECORDED' as const,
          params: {
            recorded: String(result.recorded),
            unmatched: String(result.unmatched),
            already: String(result.already),
          },
          ...result,
        };
      },
    );

    app.get(
      '/bank/transfers',
      {
        schema: {
          tags: ['bank'],
          summary: 'Incoming transfers by status (unmatched first of interest), newest first',
          querystring: transferFilters,
          response: { 200: transferListSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'record_payments');
        return listTransfers(db, request.query);
      },
    );

    app.post(
      '/bank/transfers/:transferId/assign',
      {
        schema: {
          tags: ['bank'],
          summary:
            'An unmatched transfer given to a student (and optionally one of their issued invoices): recorded as their payment',
          params: transferParams,
          body: assignTransferInput,
          response: { 200: transferReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'record_payments');
        const { studentName } = await assignTransfer(ctx, actor, {
          transferId: request.params.transferId,
          studentId: request.body.student_id,
          invoiceId: request.body.invoice_id,
          idempotencyKey: idempotencyKeyOf(request),
        });
        return {
          transfer: await readTransfer(db, request.params.transferId),
          code: 'BANK_TRANSFER_ASSIGNED' as const,
          params: { name: studentName },
        };
      },
    );

    app.post(
      '/bank/transfers/:transferId/ignore',
      {
        schema: {
          tags: ['bank'],
          summary: 'An unmatched transfer set aside (not tuition), with an optional reason',
          params: transferParams,
          body: ignoreTransferInput,
          response: { 200: transferReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'record_payments');
        await ignoreTransfer(ctx, actor, request.params.transferId, request.body.reason);
        return {
          transfer: await readTransfer(db, request.params.transferId),
          code: 'BANK_TRANSFER_IGNORED' as const,
        };
      },
    );

    app.get(
      '/bank/webhook-key',
      {
        schema: {
          tags: ['bank'],
          summary:
            'Whether the bank webhook has a key (its last characters, when made, by whom) and the URL to give the service (admin)',
          response: { 200: webhookKeySchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        return readWebhookKey(ctx, webhookUrlOf(ctx));
      },
    );

    app.post(
      '/bank/webhook-key',
      {
        schema: {
          tags: ['bank'],
          summary:
            'A new key for the bank webhook, shown once; the one before stops working (admin)',
          response: {
            201: webhookKeySchema.extend({ key: z.string() }).extend(noticeSchema.shape),
            ...errorReplies,
          },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'manage_all');
        const key = await generateWebhookKey(ctx, actor);
        reply.code(201);
        return {
          ...(await readWebhookKey(ctx, webhookUrlOf(ctx))),
          key,
          code: 'BANK_WEBHOOK_KEY_CREATED' as const,
        };
      },
    );

    app.delete(
      '/bank/webhook-key',
      {
        schema: {
          tags: ['bank'],
          summary: "Revoke the bank webhook's key: the webhook is refused until a new one (admin)",
          response: { 200: webhookKeySchema.extend(noticeSchema.shape), ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'manage_all');
        await revokeWebhookKey(ctx, actor);
        return {
          ...(await readWebhookKey(ctx, webhookUrlOf(ctx))),
          code: 'BANK_WEBHOOK_KEY_REVOKED' as const,
        };
      },
    );

    app.post(
      '/bank/webhook',
      {
        schema: {
          tags: ['bank'],
          summary:
            "The bank-notification service's call per transfer (SePay's shape; `Authorization: Apikey <key>`): an incoming one matched to an invoice is recorded at once, else kept for staff; the same transfer twice is recorded once",
          response: { 200: z.object({ success: z.literal(true) }), ...errorReplies },
        },
        config: { public: true },
      },
      async (request) => {
        const owner = await webhookKeyOwner(ctx, request.headers.authorization);
        if (!owner) throw new AppError('BANK_WEBHOOK_UNAUTHORIZED');
        const parsed = sepayTransferSchema.safeParse(request.body);
        if (!parsed.success) {
          const field = parsed.error.issues[0]?.path.join('.') || undefined;
          throw new AppError('VALIDATION', { field });
        }
        await receiveWebhookTransfer(ctx, owner, parsed.data);
        return { success: true as const };
      },
    );
  };
