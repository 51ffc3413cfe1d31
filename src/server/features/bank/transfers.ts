// Incoming bank transfers recorded once (docs/decisions/030-bank-transfers.md): a statement's
// lines confirmed (matched ones become payments against their invoices, the rest wait for staff),
// the webhook's transfers as they arrive, and staff's hand on what is left: given to a student (a
// payment) or ignored. A transfer's fingerprint is unique: it is claimed first, in the same
// transaction as the payment it becomes, so a statement read twice, a webhook sent twice, or both
// at once record it once.
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  invoiceNumbersIn,
  type SepayTransfer,
  type StatementLine,
  type TransferDto,
  type TransferStatus,
} from '#common/bank.ts';
import { isRealDate } from '#common/fields.ts';
import { MAX_REASON_LENGTH } from '#common/tuition.ts';
import type { AppContext } from '#server/context.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { studentOf, writePayment } from '#server/features/tuition/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { type IdempotencyKey, idempotent } from '#server/lib/operations/idempotent.ts';
import { matchLines, openInvoices, referenceFingerprint } from './matching.ts';

const hash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

interface NewTransfer {
  source: 'statement' | 'webhook';
  fingerprint: string;
  reference: string | null;
  externalId: string | null;
  date: string;
  amount: number;
  content: string;
}

/** Claims the transfer's fingerprint; undefined when it was recorded before. */
async function claim(
  trx: Transaction<Database>,
  transfer: NewTransfer,
  createdBy: string | null,
  now: Date,
): Promise<string | undefined> {
  const row = await trx
    .insertInto('bank_transfers')
    .values({
      transfer_id: randomUUID(),
      source: transfer.source,
      fingerprint: transfer.fingerprint,
      bank_reference: transfer.reference,
      external_id: transfer.externalId,
      transferred_on: transfer.date,
      amount: transfer.amount,
      content: transfer.content,
      status: 'unmatched',
      created_by: createdBy,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('fingerprint').doNothing())
    .returning('transfer_id')
    .executeTakeFirst();
  if (row) {
    // By the person confirming a statement; a webhook's arrival by no one.
    await recordAudit(trx, {
      action: 'bank-transfer.receive',
      recordType: 'bank_transfer',
      recordId: row.transfer_id,
      before: null,
      after: {
        source: transfer.source,
        bank_reference: transfer.reference,
        transferred_on: transfer.date,
        amount: transfer.amount,
        content: transfer.content,
      },
    });
  }
  return row?.transfer_id;
}

/** The transfer paid as a payment (bank transfer, on its day, its content the note). */
async function pay(
  ctx: AppContext,
  trx: Transaction<Database>,
  actor: Pick<SessionUser, 'user_id'>,
  transferId: string,
  transfer: { date: string; amount: number; content: string },
  to: { studentId: string; invoiceId?: string | null },
) {
  const entryId = await writePayment(ctx, trx, actor, to.studentId, {
    amount: transfer.amount,
    method: 'bank_transfer',
    paid_on: transfer.date,
    note: transfer.content.slice(0, MAX_REASON_LENGTH) || undefined,
    invoice_id: to.invoiceId ?? undefined,
  });
  await trx
    .updateTable('bank_transfers')
    .set({
      status: 'matched',
      student_id: to.studentId,
      invoice_id: to.invoiceId ?? null,
      entry_id: entryId,
    })
    .where('transfer_id', '=', transferId)
    .execute();
  // Matched by a person (a statement confirmed, a transfer assigned), or on arrival by no one.
  await recordAudit(trx, {
    action: 'bank-transfer.match',
    recordType: 'bank_transfer',
    recordId: transferId,
    changes: {
      status: { before: 'unmatched', after: 'matched' },
      student_id: { before: null, after: to.studentId },
      invoice_id: { before: null, after: to.invoiceId ?? null },
      entry_id: { before: null, after: entryId },
    },
  });
  return entryId;
}

export interface ConfirmResult {
  recorded: number;
  unmatched: number;
  already: number;
}

/**
 * A statement's lines confirmed (staff, admin), in one transaction under one Idempotency-Key: the
 * matched ones paid against their invoices, the unknown ones kept as unmatched, the ones recorded
 * before left alone. Matching is done again here, on what is owed now.
 */
export async function confirmStatement(
  ctx: AppContext,
  actor: SessionUser,
  lines: readonly StatementLine[],
  idempotencyKey: IdempotencyKey | undefined,
): Promise<ConfirmResult> {
  return idempotent<void, ConfirmResult>(
    ctx,
    { userId: actor.user_id, key: idempotencyKey, scope: `bank-statement:${hash(lines)}` },
    {
      write: async (trx) => {
        const now = ctx.clock.now();
        const matches = await matchLines(trx, lines);
        const result: ConfirmResult = { recorded: 0, unmatched: 0, already: 0 };
        for (const [index, line] of lines.entries()) {
          const match = matches[index]!;
          const transferId =
            match.kind === 'already'
              ? undefined
              : await claim(
                  trx,
                  {
                    source: 'statement',
                    fingerprint: match.fingerprint,
                    reference: line.reference,
                    externalId: null,
                    date: line.date,
                    amount: line.amount,
                    content: line.content,
                  },
                  actor.user_id,
                  now,
                );
          if (!transferId) {
            result.already++;
          } else if (match.invoice) {
            await pay(ctx, trx, actor, transferId, line, {
              studentId: match.invoice.student_id,
              invoiceId: match.invoice.invoice_id,
            });
            result.recorded++;
          } else {
            result.unmatched++;
          }
        }
        return result;
      },
    },
  );
}

export type WebhookOutcome = 'ignored' | 'already' | 'matched' | 'unmatched';

/**
 * One transfer the webhook told of: an outgoing one ignored; an incoming one recorded once (by
 * the bank's reference, else SePay's id), paid at once against the open invoice its content names,
 * else kept for staff. `actor` is who set the webhook's key up: the payment is written in their name.
 */
export async function receiveWebhookTransfer(
  ctx: AppContext,
  actor: { user_id: string | null },
  body: SepayTransfer,
): Promise<WebhookOutcome> {
  if (body.transferType !== 'in' || body.transferAmount <= 0) return 'ignored';
  const date = body.transactionDate.slice(0, 10);
  if (!isRealDate(date)) throw new AppError('VALIDATION', { field: 'transactionDate' });
  const content = (body.content ?? body.description ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
  const reference = body.referenceCode?.trim() || null;
  const transfer: NewTransfer = {
    source: 'webhook',
    fingerprint: reference ? referenceFingerprint(reference) : `sepay:${body.id}`,
    reference,
    externalId: String(body.id),
    date,
    amount: body.transferAmount,
    content,
  };
  return ctx.database.db.transaction().execute(async (trx) => {
    const transferId = await claim(trx, transfer, null, ctx.clock.now());
    if (!transferId) return 'already';
    const numbers = invoiceNumbersIn(`${content} ${body.code ?? ''}`);
    const open = await openInvoices(trx, numbers);
    const invoice = numbers.map((number) => open.get(number)).find(Boolean);
    if (!invoice) return 'unmatched';
    await pay(ctx, trx, actor as Pick<SessionUser, 'user_id'>, transferId, transfer, {
      studentId: invoice.student_id,
      invoiceId: invoice.invoice_id,
    });
    return 'matched';
  });
}

/** The transfer locked, refused unless it is still unmatched. */
async function lockedUnmatched(ctx: AppContext, trx: Transaction<Database>, transferId: string) {
  const row = await forUpdate(
    trx
      .selectFrom('bank_transfers')
      .select(['transfer_id', 'status', 'transferred_on', 'amount', 'content'])
      .where('transfer_id', '=', transferId),
    ctx.database.dialect,
  ).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'unmatched') throw new AppError('BANK_TRANSFER_NOT_UNMATCHED');
  return row;
}

async function existing(db: Kysely<Database>, transferId: string) {
  const row = await db
    .selectFrom('bank_transfers')
    .select('transfer_id')
    .where('transfer_id', '=', transferId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
}

/** An unmatched transfer given to a student, and optionally one of their invoices (staff, admin). */
export async function assignTransfer(
  ctx: AppContext,
  actor: SessionUser,
  input: {
    transferId: string;
    studentId: string;
    invoiceId?: string;
    idempotencyKey?: IdempotencyKey;
  },
): Promise<{ studentName: string }> {
  const { db } = ctx.database;
  await existing(db, input.transferId);
  const student = await studentOf(db, input.studentId);
  await idempotent<void, { entry_id: string }>(
    ctx,
    {
      userId: actor.user_id,
      key: input.idempotencyKey,
      scope: `bank-assign:${input.transferId}:${input.studentId}:${input.invoiceId ?? ''}`,
    },
    {
      write: async (trx) => {
        const row = await lockedUnmatched(ctx, trx, input.transferId);
        const entryId = await pay(
          ctx,
          trx,
          actor,
          row.transfer_id,
          { date: row.transferred_on, amount: Number(row.amount), content: row.content },
          { studentId: student.user_id, invoiceId: input.invoiceId },
        );
        await trx
          .updateTable('bank_transfers')
          .set({ resolved_by: actor.user_id, resolved_at: ctx.clock.now().toISOString() })
          .where('transfer_id', '=', row.transfer_id)
          .execute();
        return { entry_id: entryId };
      },
    },
  );
  return { studentName: student.full_name };
}

/** An unmatched transfer set aside (not tuition: a refund from a supplier, a mistake). */
export async function ignoreTransfer(
  ctx: AppContext,
  actor: SessionUser,
  transferId: string,
  reason: string | undefined,
): Promise<void> {
  await existing(ctx.database.db, transferId);
  await ctx.database.db.transaction().execute(async (trx) => {
    await lockedUnmatched(ctx, trx, transferId);
    await trx
      .updateTable('bank_transfers')
      .set({
        status: 'ignored',
        ignore_reason: reason || null,
        resolved_by: actor.user_id,
        resolved_at: ctx.clock.now().toISOString(),
      })
      .where('transfer_id', '=', transferId)
      .execute();
    await recordAudit(trx, {
      action: 'bank-transfer.ignore',
      recordType: 'bank_transfer',
      recordId: transferId,
      changes: {
        status: { before: 'unmatched', after: 'ignored' },
        ignore_reason: { before: null, after: reason || null },
      },
    });
  });
}

const transferRows = (db: Kysely<Database>) =>
  db
    .selectFrom('bank_transfers as t')
    .leftJoin('users as s', 's.user_id', 't.student_id')
    .leftJoin('invoices as i', 'i.invoice_id', 't.invoice_id')
    .leftJoin('users as cb', 'cb.user_id', 't.created_by')
    .leftJoin('users as rb', 'rb.user_id', 't.resolved_by')
    .select([
      't.transfer_id',
      't.source',
      't.bank_reference',
      't.transferred_on',
      't.amount',
      't.content',
      't.status',
      't.student_id',
      's.full_name as student_name',
      't.invoice_id',
      'i.number as invoice_number',
      't.entry_id',
      't.ignore_reason',
      't.created_at',
      'cb.full_name as created_by_name',
      't.resolved_at',
      'rb.full_name as resolved_by_name',
    ]);

export async function listTransfers(
  db: Kysely<Database>,
  filters: { status: TransferStatus; page: number; page_size: number },
): Promise<{ items: TransferDto[]; total: number }> {
  const { total } = await db
    .selectFrom('bank_transfers')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('status', '=', filters.status)
    .executeTakeFirstOrThrow();
  const rows = await transferRows(db)
    .where('t.status', '=', filters.status)
    .orderBy('t.transferred_on', 'desc')
    .orderBy('t.created_at', 'desc')
    .orderBy('t.transfer_id')
    .limit(filters.page_size)
    .offset((filters.page - 1) * filters.page_size)
    .execute();
  return {
    items: rows.map((row) => ({ ...row, amount: Number(row.amount) }) as TransferDto),
    total: Number(total),
  };
}

export async function readTransfer(db: Kysely<Database>, transferId: string): Promise<TransferDto> {
  const row = await transferRows(db).where('t.transfer_id', '=', transferId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row, amount: Number(row.amount) } as TransferDto;
}
