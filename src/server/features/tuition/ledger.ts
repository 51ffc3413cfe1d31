// A student's account as a ledger (docs/decisions/028-money-and-the-ledger.md): entries are only
// ever added. The balance is the sum of the entries, computed when read and never stored apart
// from them; a mistake is undone by a reversal (the opposite amount, who and why), and an entry is
// reversed at most once (a unique index, so two admins at once cannot both). Payments and refunds
// go through the operation layer: a retried request with the same Idempotency-Key records nothing
// twice.
import { createHash, randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type {
  AccountDto,
  EntryDto,
  EntryKind,
  PaymentInput,
  PaymentMethod,
  RefundInput,
} from '#common/tuition.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudits } from '#server/lib/audit.ts';
import { localDate } from '#server/lib/center-time.ts';
import { type IdempotencyKey, idempotent } from '#server/lib/operations/idempotent.ts';
import { settleAccount } from './invoices/allocation.ts';
import { type AccountHolder, lockAccount, studentOf } from './students.ts';

/**
 * What a request asked for, in its key's scope: the same Idempotency-Key sent again with another
 * amount (a corrected form) is refused as reused, never answered with the first payment.
 */
const fingerprint = (body: unknown) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);

/** What the ledger is told to add: the sign of `amount` is the entry's (see EntryDto). */
export interface NewEntry {
  studentId: string;
  kind: EntryKind;
  amount: number;
  method?: PaymentMethod | null;
  occurredOn: string;
  note?: string | null;
  reversesEntryId?: string | null;
  /** The invoice it is issued on or paid against. */
  invoiceId?: string | null;
}

/** Adds entries in the caller's transaction; returns their ids. The only writer of the ledger. */
export async function appendEntries(
  trx: Transaction<Database>,
  actor: Pick<SessionUser, 'user_id'>,
  entries: readonly NewEntry[],
  now: Date,
): Promise<string[]> {
  if (entries.length === 0) return [];
  const rows = entries.map((entry) => {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new RangeError(`a ledger entry needs a whole, non-zero amount: ${entry.amount}`);
    }
    return {
      entry_id: randomUUID(),
      student_id: entry.studentId,
      kind: entry.kind,
      amount: entry.amount,
      method: entry.method ?? null,
      occurred_on: entry.occurredOn,
      note: entry.note ?? null,
      reverses_entry_id: entry.reversesEntryId ?? null,
      invoice_id: entry.invoiceId ?? null,
      created_by: actor.user_id,
      created_at: now.toISOString(),
    };
  });
  await trx.insertInto('ledger_entries').values(rows).execute();
  // Every money entry is in the audit log, under the student whose account it is in: by the
  // person whose request adds it, or by no one (a job's run, a transfer matched on arrival).
  await recordAudits(
    trx,
    rows.map(({ created_by: _by, created_at: _at, student_id, ...entry }) => ({
      action: `ledger.${entry.kind}`,
      recordType: 'student',
      recordId: student_id,
      before: null,
      after: entry,
    })),
  );
  return rows.map((row) => row.entry_id);
}

/** The student's balance: the sum of their entries (positive, owed; negative, a credit). */
export async function balanceOf(
  db: Kysely<Database> | Transaction<Database>,
  studentId: string,
): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('balance'))
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

function entryRows(db: Kysely<Database>) {
  return db
    .selectFrom('ledger_entries as e')
    .leftJoin('users as u', 'u.user_id', 'e.created_by')
    .leftJoin('ledger_entries as r', 'r.reverses_entry_id', 'e.entry_id')
    .leftJoin('invoices as i', 'i.invoice_id', 'e.invoice_id')
    .select([
      'e.invoice_id',
      'i.number as invoice_number',
      'e.entry_id',
      'e.kind',
      'e.amount',
      'e.method',
      'e.occurred_on',
      'e.note',
      'e.reverses_entry_id',
      'r.entry_id as reversed_by_entry_id',
      'e.created_at',
      'u.full_name as created_by_name',
    ]);
}

export async function readAccount(
  db: Kysely<Database>,
  student: AccountHolder,
): Promise<AccountDto> {
  const entries = await entryRows(db)
    .where('e.student_id', '=', student.user_id)
    .orderBy('e.entry_no', 'desc')
    .execute();
  const balance = entries.reduce((sum, entry) => sum + Number(entry.amount), 0);
  return { student, balance, entries: entries as EntryDto[] };
}

/** One entry just written, with the student's balance after it: what a writing route answers. */
export async function readEntry(
  db: Kysely<Database>,
  entryId: string,
): Promise<{ entry: EntryDto; balance: number }> {
  const entry = (await entryRows(db)
    .where('e.entry_id', '=', entryId)
    .executeTakeFirstOrThrow()) as EntryDto;
  const { student_id } = await db
    .selectFrom('ledger_entries')
    .select('student_id')
    .where('entry_id', '=', entryId)
    .executeTakeFirstOrThrow();
  return { entry, balance: await balanceOf(db, student_id) };
}

/** A payment to the student's account (staff, admin): it lowers what they owe. */
export async function recordPayment(
  ctx: AppContext,
  actor: SessionUser,
  input: { studentId: string; payment: PaymentInput; idempotencyKey?: IdempotencyKey },
): Promise<string> {
  const { db } = ctx.database;
  const { payment } = input;
  await studentOf(db, input.studentId);
  const done = await idempotent<void, { entry_id: string }>(
    ctx,
    {
      userId: actor.user_id,
      key: input.idempotencyKey,
      scope: `payment:${input.studentId}:${fingerprint(payment)}`,
    },
    {
      write: async (trx) => ({
        entry_id: await writePayment(ctx, trx, actor, input.studentId, payment),
      }),
    },
  );
  return done.entry_id;
}

/**
 * A payment written in the caller's transaction (a payment recorded, a bank transfer matched): the
 * student's row locked, the invoice it names checked, the entry added, the money put on the named
 * then the oldest invoices. Returns the entry's id.
 */
export async function writePayment(
  ctx: AppContext,
  trx: Transaction<Database>,
  actor: Pick<SessionUser, 'user_id'>,
  studentId: string,
  payment: PaymentInput,
): Promise<string> {
  await lockAccount(trx, ctx.database.dialect, studentId);
  if (payment.invoice_id) {
    const invoice = await trx
      .selectFrom('invoices')
      .select(['student_id', 'status'])
      .where('invoice_id', '=', payment.invoice_id)
      .executeTakeFirst();
    if (invoice?.student_id !== studentId || invoice.status !== 'issued') {
      throw new AppError('INVOICE_NOT_PAYABLE', { field: 'invoice_id' });
    }
  }
  const [entryId] = await appendEntries(
    trx,
    actor,
    [
      {
        studentId,
        kind: 'payment',
        amount: -payment.amount,
        method: payment.method,
        occurredOn: payment.paid_on,
        note: payment.note || null,
        invoiceId: payment.invoice_id ?? null,
      },
    ],
    ctx.clock.now(),
  );
  // The invoice it names first, then the oldest open ones; the rest is a credit.
  await settleAccount(trx, studentId, ctx.clock.now(), payment.invoice_id);
  return entryId!;
}

/** A credit paid back to the student (admin): never more than the credit they hold. */
export async function recordRefund(
  ctx: AppContext,
  actor: SessionUser,
  input: { studentId: string; refund: RefundInput; idempotencyKey?: IdempotencyKey },
): Promise<string> {
  const { db, dialect } = ctx.database;
  const { refund } = input;
  await studentOf(db, input.studentId);
  const done = await idempotent<void, { entry_id: string }>(
    ctx,
    {
      userId: actor.user_id,
      key: input.idempotencyKey,
      scope: `refund:${input.studentId}:${fingerprint(refund)}`,
    },
    {
      write: async (trx) => {
        await lockAccount(trx, dialect, input.studentId);
        const credit = -(await balanceOf(trx, input.studentId));
        if (refund.amount > credit) {
          throw new AppError('TUITION_REFUND_OVER_CREDIT', { field: 'amount' });
        }
        const [entryId] = await appendEntries(
          trx,
          actor,
          [
            {
              studentId: input.studentId,
              kind: 'refund',
              amount: refund.amount,
              method: refund.method,
              occurredOn: refund.paid_on,
              note: refund.note,
            },
          ],
          ctx.clock.now(),
        );
        await settleAccount(trx, input.studentId, ctx.clock.now());
        return { entry_id: entryId! };
      },
    },
  );
  return done.entry_id;
}

/** Undoes an entry by its opposite (admin), with why; returns the reversal's id and the student. */
export async function reverseEntry(
  ctx: AppContext,
  actor: SessionUser,
  input: { entryId: string; reason: string; idempotencyKey?: IdempotencyKey },
): Promise<{ entryId: string; studentId: string }> {
  const { db, dialect } = ctx.database;
  const original = await db
    .selectFrom('ledger_entries')
    .select(['entry_id', 'student_id', 'kind', 'amount', 'method', 'invoice_id'])
    .where('entry_id', '=', input.entryId)
    .executeTakeFirst();
  if (!original) throw new AppError('NOT_FOUND');
  if (original.kind === 'reversal') throw new AppError('TUITION_REVERSAL_NOT_REVERSIBLE');
  // An invoice's charges go with the invoice: it is voided, never unpicked line by line.
  if (original.invoice_id && (original.kind === 'charge' || original.kind === 'discount')) {
    throw new AppError('TUITION_ENTRY_ON_INVOICE');
  }
  const today = localDate(ctx.clock.now(), ctx.config.centerTimezone);
  const done = await idempotent<void, { entry_id: string }>(
    ctx,
    {
      userId: actor.user_id,
      key: input.idempotencyKey,
      scope: `reverse:${input.entryId}:${fingerprint(input.reason)}`,
    },
    {
      write: async (trx) => {
        await lockAccount(trx, dialect, original.student_id);
        const already = await forUpdate(
          trx
            .selectFrom('ledger_entries')
            .select('entry_id')
            .where('reverses_entry_id', '=', original.entry_id),
          dialect,
        ).executeTakeFirst();
        if (already) throw new AppError('TUITION_ENTRY_ALREADY_REVERSED');
        try {
          const [entryId] = await appendEntries(
            trx,
            actor,
            [
              {
                studentId: original.student_id,
                kind: 'reversal',
                amount: -Number(original.amount),
                method: original.method,
                occurredOn: today,
                note: input.reason,
                reversesEntryId: original.entry_id,
                invoiceId: original.invoice_id,
              },
            ],
            ctx.clock.now(),
          );
          // A reversed payment comes off the invoices it paid; a reversed refund is credit again.
          await settleAccount(trx, original.student_id, ctx.clock.now());
          return { entry_id: entryId! };
        } catch (error) {
          // Another admin's reversal of the same entry committed first (the unique index).
          if (isUniqueViolation(error)) throw new AppError('TUITION_ENTRY_ALREADY_REVERSED');
          throw error;
        }
      },
    },
  );
  return { entryId: done.entry_id, studentId: original.student_id };
}
