// A student's invoices (issue 27, docs/decisions/029-invoices.md): a draft made from the class's
// plan, edited, then issued (numbered, its lines charged to the ledger, the student's credit put
// on it) or deleted; an issued one is voided with why (its charges reversed, what was paid on it
// put on the student's other invoices or left as credit). Reads give each invoice its state.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type {
  EditDraftInput,
  InvoiceDto,
  InvoiceLineDto,
  InvoiceState,
  InvoiceSummaryDto,
  NewInvoiceInput,
} from '#common/invoices.ts';
import { hasPermission } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudit, recordAudits } from '#server/lib/audit.ts';
import { localDate } from '#server/lib/center-time.ts';
import { appendEntries } from '../ledger.ts';
import { lockAccount, mayReadAccount, studentOf } from '../students.ts';
import { accountsWithFreeMoney, releaseInvoice, settleAccount } from './allocation.ts';
import { type PlannedInvoice, type PlannedLine, planClassMonth } from './charges.ts';
import { takeInvoiceNumbers } from './numbers.ts';

// Reading

const summaryColumns = (db: Kysely<Database>) =>
  db.selectFrom('invoices as i').innerJoin('users as s', 's.user_id', 'i.student_id').select([
    'i.invoice_id',
    'i.number',
    'i.student_id',
    's.full_name as student_name',
    'i.class_id',
    'i.class_name',
    'i.period',
    'i.status',
    'i.due_date',
    'i.issued_at',
    // Its lines' sum and its allocations' sum, kept beside it (migration 028).
    'i.total',
    'i.paid',
  ]);

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryColumns>['executeTakeFirstOrThrow']>>;

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());
const dateOnly = (value: unknown) =>
  typeof value === 'string' ? value.slice(0, 10) : localDate(value as Date, 'UTC');

export function stateOf(status: string, total: number, paid: number): InvoiceState {
  if (status === 'draft' || status === 'void') return status;
  if (paid >= total) return 'paid';
  return paid > 0 ? 'partly_paid' : 'issued';
}

function toSummary(row: SummaryRow, today: string): InvoiceSummaryDto {
  const total = Number(row.total);
  const paid = Number(row.paid);
  const state = stateOf(row.status, total, paid);
  const due = dateOnly(row.due_date);
  return {
    invoice_id: row.invoice_id,
    number: row.number,
    student_id: row.student_id,
    student_name: row.student_name,
    class_id: row.class_id,
    class_name: row.class_name,
    period: row.period,
    state,
    due_date: due,
    overdue: (state === 'issued' || state === 'partly_paid') && due < today,
    total,
    paid,
    outstanding: row.status === 'issued' ? Math.max(total - paid, 0) : 0,
    issued_at: iso(row.issued_at),
  };
}

export const todayOf = (ctx: AppContext) => localDate(ctx.clock.now(), ctx.config.centerTimezone);

/**
 * Who may read an invoice: admin and staff, and the student it is for and their parents (never
 * its drafts).
 */
async function mayRead(
  db: Kysely<Database>,
  viewer: SessionUser,
  studentId: string,
  status: string,
) {
  if (hasPermission(viewer.role, 'view_tuition')) return true;
  return status !== 'draft' && (await mayReadAccount(db, viewer, studentId));
}

export async function readInvoice(
  ctx: AppContext,
  viewer: SessionUser,
  invoiceId: string,
): Promise<InvoiceDto> {
  const { db } = ctx.database;
  const row = await summaryColumns(db)
    .leftJoin('users as ib', 'ib.user_id', 'i.issued_by')
    .leftJoin('users as vb', 'vb.user_id', 'i.voided_by')
    .select([
      'i.void_reason',
      'i.voided_at',
      'i.created_at',
      'ib.full_name as issued_by_name',
      'vb.full_name as voided_by_name',
    ])
    .where('i.invoice_id', '=', invoiceId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (!(await mayRead(db, viewer, row.student_id, row.status))) {
    // A student's own draft is not theirs yet: for them (and their parents) it does not exist.
    const ownDraft = row.status === 'draft' && (await mayReadAccount(db, viewer, row.student_id));
    throw new AppError(ownDraft ? 'NOT_FOUND' : 'FORBIDDEN');
  }
  const lines = await db
    .selectFrom('invoice_lines')
    .select(['line_id', 'label', 'params', 'description', 'quantity', 'unit_amount', 'amount'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();
  return {
    ...toSummary(row, todayOf(ctx)),
    lines: lines.map(
      (line): InvoiceLineDto => ({
        line_id: line.line_id,
        label: line.label as InvoiceLineDto['label'],
        params: JSON.parse(line.params) as Record<string, string>,
        description: line.description,
        quantity: Number(line.quantity),
        unit_amount: Number(line.unit_amount),
        amount: Number(line.amount),
      }),
    ),
    void_reason: row.void_reason,
    voided_at: iso(row.voided_at),
    voided_by_name: row.voided_by_name,
    issued_by_name: row.issued_by_name,
    created_at: iso(row.created_at)!,
  };
}

export interface InvoiceListFilters {
  student_id?: string;
  class_id?: string;
  period?: string;
  state?: InvoiceState;
  page: number;
  page_size: number;
}

/** Newest first, a page at a time; a student sees only their own issued invoices. */
export async function listInvoices(
  ctx: AppContext,
  viewer: SessionUser,
  filters: InvoiceListFilters,
): Promise<{ items: InvoiceSummaryDto[]; total: number }> {
  const { db } = ctx.database;
  let query = db.selectFrom('invoices as i');
  if (!hasPermission(viewer.role, 'view_tuition')) {
    // A student reads their own; a parent one child's at a time (student_id), their own child.
    const whose = viewer.role === 'student' ? viewer.user_id : filters.student_id;
    if (!whose) throw new AppError('FORBIDDEN');
    if (filters.student_id && filters.student_id !== whose) throw new AppError('FORBIDDEN');
    if (!(await mayReadAccount(db, viewer, whose))) throw new AppError('FORBIDDEN');
    query = query.where('i.student_id', '=', whose).where('i.status', '<>', 'draft');
  } else if (filters.student_id) {
    query = query.where('i.student_id', '=', filters.student_id);
  }
  if (filters.class_id) query = query.where('i.class_id', '=', filters.class_id);
  if (filters.period) query = query.where('i.period', '=', filters.period);
  switch (filters.state) {
    case 'draft':
    case 'void':
      query = query.where('i.status', '=', filters.state);
      break;
    case 'issued':
      query = query
        .where('i.status', '=', 'issued')
        .where('i.paid', '=', 0)
        .where('i.total', '>', 0);
      break;
    case 'partly_paid':
      query = query
        .where('i.status', '=', 'issued')
        .where('i.paid', '>', 0)
        .whereRef('i.paid', '<', 'i.total');
      break;
    case 'paid':
      query = query.where('i.status', '=', 'issued').whereRef('i.paid', '>=', 'i.total');
      break;
  }
  const { count } = await query
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const ids = await query
    .select('i.invoice_id')
    .orderBy('i.created_at', 'desc')
    .orderBy('i.invoice_id')
    .limit(filters.page_size)
    .offset((filters.page - 1) * filters.page_size)
    .execute();
  if (ids.length === 0) return { items: [], total: Number(count) };
  const today = todayOf(ctx);
  const rows = await summaryColumns(db)
    .where(
      'i.invoice_id',
      'in',
      ids.map((row) => row.invoice_id),
    )
    .orderBy('i.created_at', 'desc')
    .orderBy('i.invoice_id')
    .execute();
  return { items: rows.map((row) => toSummary(row, today)), total: Number(count) };
}

/**
 * What a student owes in all, named by their oldest open invoice's number (a transfer with it is
 * matched to that invoice, and what is over it settles the next ones): null when nothing is owed.
 */
export async function oldestOpenInvoice(
  ctx: AppContext,
  studentId: string,
): Promise<{ amount: number; content: string } | null> {
  const { db } = ctx.database;
  const rows = (
    await summaryColumns(db)
      .where('i.student_id', '=', studentId)
      .where('i.status', '=', 'issued')
      .orderBy('i.due_date')
      .orderBy('i.number')
      .execute()
  ).map((row) => toSummary(row, todayOf(ctx)));
  const open = rows.filter((row) => row.outstanding > 0);
  const { balance } = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('balance'))
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  if (open.length === 0 || Number(balance) <= 0) return null;
  return { amount: Number(balance), content: open[0]!.number! };
}

// Writing

/** Inserts planned invoices as drafts (or issued, by the caller next); returns their ids. */
export async function insertInvoices(
  trx: Transaction<Database>,
  actor: SessionUser,
  planned: readonly PlannedInvoice[],
  period: string,
  now: Date,
): Promise<string[]> {
  const at = now.toISOString();
  const ids: string[] = [];
  const BATCH = 400;
  for (let i = 0; i < planned.length; i += BATCH) {
    const part = planned.slice(i, i + BATCH);
    const invoices = part.map((invoice) => {
      const invoiceId = randomUUID();
      ids.push(invoiceId);
      return {
        invoice: {
          invoice_id: invoiceId,
          number: null,
          student_id: invoice.student_id,
          class_id: invoice.class_id,
          class_name: invoice.class_name,
          period,
          status: 'draft' as const,
          due_date: invoice.due_date,
          total: invoice.lines.reduce((sum, line) => sum + line.amount, 0),
          created_by: actor.user_id,
          created_at: at,
          updated_at: at,
        },
        lines: invoice.lines.map((line, position) => lineRow(invoiceId, position, line)),
      };
    });
    await trx
      .insertInto('invoices')
      .values(invoices.map((row) => row.invoice))
      .execute();
    await recordAudits(
      trx,
      invoices.map(({ invoice }) => ({
        action: 'invoice.create',
        recordType: 'invoice',
        recordId: invoice.invoice_id,
        before: null,
        after: {
          student_id: invoice.student_id,
          class_id: invoice.class_id,
          period: invoice.period,
          due_date: invoice.due_date,
          total: invoice.total,
        },
      })),
    );
    const lines = invoices.flatMap((row) => row.lines);
    for (let j = 0; j < lines.length; j += BATCH) {
      await trx
        .insertInto('invoice_lines')
        .values(lines.slice(j, j + BATCH))
        .execute();
    }
  }
  return ids;
}

const lineRow = (invoiceId: string, position: number, line: PlannedLine) => ({
  line_id: randomUUID(),
  invoice_id: invoiceId,
  position,
  label: line.label,
  params: JSON.stringify(line.params),
  description: line.description,
  quantity: line.quantity,
  unit_amount: line.unit_amount,
  amount: line.amount,
  charge_key: line.charge_key,
});

/** 'YYYY-MM' as people write a month (MM/YYYY), for a reply's text. */
const monthWords = (period: string) => `${period.slice(5, 7)}/${period.slice(0, 4)}`;

/** A draft for one student, class and month, its lines made from the plan. */
export async function createDraft(
  ctx: AppContext,
  actor: SessionUser,
  input: NewInvoiceInput,
): Promise<{ invoiceId: string; studentName: string }> {
  const { db } = ctx.database;
  const student = await studentOf(db, input.student_id);
  const klass = await db
    .selectFrom('classes')
    .select(['class_id', 'class_name'])
    .where('class_id', '=', input.class_id)
    .executeTakeFirst();
  if (!klass) throw new AppError('NOT_FOUND');
  const invoiceId = await db.transaction().execute(async (trx) => {
    await lockClasses(trx, ctx, [klass.class_id]);
    const plan = await planClassMonth(trx, {
      classId: klass.class_id,
      period: input.period,
      dueDate: input.due_date,
      now: ctx.clock.now(),
      timeZone: ctx.config.centerTimezone,
      studentId: student.user_id,
    });
    const planned = plan.invoices[0];
    if (!planned) {
      const reason = plan.skipped[0]?.reason;
      const params = {
        name: student.full_name,
        class: klass.class_name,
        period: monthWords(input.period),
      };
      if (!reason) throw new AppError('INVOICE_NOT_ENROLLED', { field: 'student_id' });
      if (reason === 'no_fee_plan') throw new AppError('INVOICE_NO_FEE_PLAN', { params });
      if (reason === 'already_invoiced') throw new AppError('INVOICE_ALREADY_EXISTS', { params });
      throw new AppError('INVOICE_NOTHING_TO_CHARGE', { params });
    }
    try {
      const [id] = await insertInvoices(trx, actor, [planned], input.period, ctx.clock.now());
      return id!;
    } catch (error) {
      // Another draft for the same student, class and month committed first (a unique index).
      if (isUniqueViolation(error)) {
        throw new AppError('INVOICE_ALREADY_EXISTS', {
          params: {
            name: student.full_name,
            class: klass.class_name,
            period: monthWords(input.period),
          },
        });
      }
      throw error;
    }
  });
  return { invoiceId, studentName: student.full_name };
}

/** The invoice locked for this transaction, refused unless it is a draft. */
async function lockedInvoice(ctx: AppContext, trx: Transaction<Database>, invoiceId: string) {
  const row = await forUpdate(
    trx
      .selectFrom('invoices')
      .select(['invoice_id', 'student_id', 'status', 'number', 'due_date'])
      .where('invoice_id', '=', invoiceId),
    ctx.database.dialect,
  ).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A draft's due date and lines as edited: kept lines by id, typed lines added. */
export async function editDraft(
  ctx: AppContext,
  invoiceId: string,
  input: EditDraftInput,
): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const invoice = await lockedInvoice(ctx, trx, invoiceId);
    if (invoice.status !== 'draft') throw new AppError('INVOICE_NOT_DRAFT');
    const existing = new Map(
      (
        await trx
          .selectFrom('invoice_lines')
          .selectAll()
          .where('invoice_id', '=', invoiceId)
          .execute()
      ).map((line) => [line.line_id, line]),
    );
    const lines: PlannedLine[] = input.lines.map((line) => {
      const kept = line.line_id ? existing.get(line.line_id) : undefined;
      if (line.line_id && !kept) throw new AppError('INVOICE_LINE_INVALID', { field: 'lines' });
      const discount = kept
        ? Number(kept.amount) < 0 ||
          kept.label.startsWith('discount') ||
          kept.label === 'custom_discount'
        : line.kind === 'discount';
      if (!kept && !line.description)
        throw new AppError('INVOICE_LINE_INVALID', { field: 'lines' });
      const amount = line.quantity * line.unit_amount;
      return {
        label: kept
          ? (kept.label as PlannedLine['label'])
          : discount
            ? 'custom_discount'
            : 'custom_charge',
        params: kept ? (JSON.parse(kept.params) as Record<string, string>) : {},
        description: kept ? kept.description : (line.description ?? null),
        quantity: line.quantity,
        unit_amount: line.unit_amount,
        amount: discount ? -amount : amount,
        charge_key: kept ? kept.charge_key : null,
      };
    });
    if (lines.reduce((sum, line) => sum + line.amount, 0) < 0) {
      throw new AppError('INVOICE_TOTAL_NEGATIVE', { field: 'lines' });
    }
    await trx.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
    await trx
      .insertInto('invoice_lines')
      .values(lines.map((line, position) => lineRow(invoiceId, position, line)))
      .execute();
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    await trx
      .updateTable('invoices')
      .set({ due_date: input.due_date, total, updated_at: ctx.clock.now().toISOString() })
      .where('invoice_id', '=', invoiceId)
      .execute();
    const linesOf = (
      all: readonly {
        description: string | null;
        quantity: unknown;
        unit_amount: unknown;
        amount: unknown;
      }[],
    ) =>
      all.map(
        (line) =>
          `${line.description ?? ''} ${Number(line.quantity)} × ${Number(line.unit_amount)} = ${Number(line.amount)}`,
      );
    const was = [...existing.values()].sort((a, b) => Number(a.position) - Number(b.position));
    await recordAudit(trx, {
      action: 'invoice.update',
      recordType: 'invoice',
      recordId: invoiceId,
      before: {
        due_date: invoice.due_date,
        total: was.reduce((sum, line) => sum + Number(line.amount), 0),
        lines: linesOf(was),
      },
      after: { due_date: input.due_date, total, lines: linesOf(lines) },
    });
  });
}

export async function deleteDraft(ctx: AppContext, invoiceId: string): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const invoice = await lockedInvoice(ctx, trx, invoiceId);
    if (invoice.status !== 'draft') throw new AppError('INVOICE_NOT_DRAFT');
    await trx.deleteFrom('invoices').where('invoice_id', '=', invoiceId).execute();
    await recordAudit(trx, {
      action: 'invoice.delete',
      recordType: 'invoice',
      recordId: invoiceId,
      before: {
        student_id: invoice.student_id,
        status: invoice.status,
        due_date: invoice.due_date,
      },
      after: null,
    });
  });
}

const ISSUE_BATCH = 200;

/**
 * Issues drafts in the caller's transaction: numbers in order, the lines charged to the ledger,
 * each student's credit put on their new invoices. The students' rows are locked first.
 */
/** Ids per statement where a run's invoices are read by id. */
const ID_CHUNK = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

export async function issueDrafts(
  ctx: AppContext,
  trx: Transaction<Database>,
  actor: SessionUser,
  invoiceIds: readonly string[],
): Promise<string[]> {
  if (invoiceIds.length === 0) return [];
  const now = ctx.clock.now();
  const today = localDate(now, ctx.config.centerTimezone);
  // Read a thousand ids at a time: a chain's run issues hundreds of thousands, and one statement
  // may bind at most 65,535 values on PostgreSQL (more was refused as a protocol error).
  const invoices: { invoice_id: string; student_id: string }[] = [];
  for (const part of chunks(invoiceIds, ID_CHUNK)) {
    invoices.push(
      ...(await trx
        .selectFrom('invoices')
        .select(['invoice_id', 'student_id'])
        .where('invoice_id', 'in', part)
        .execute()),
    );
  }
  const order = new Map(invoiceIds.map((id, index) => [id, index]));
  invoices.sort((a, b) => order.get(a.invoice_id)! - order.get(b.invoice_id)!);
  const students = [...new Set(invoices.map((invoice) => invoice.student_id))].sort();
  if (ctx.database.dialect === 'postgres') {
    for (let i = 0; i < students.length; i += 1000) {
      await forUpdate(
        trx
          .selectFrom('users')
          .select('user_id')
          .where('user_id', 'in', students.slice(i, i + 1000))
          .orderBy('user_id'),
        'postgres',
      ).execute();
    }
  }
  const numbers = await takeInvoiceNumbers(trx, Number(today.slice(0, 4)), invoices.length);
  const lines: { invoice_id: string; amount: number | string }[] = [];
  for (const part of chunks(invoiceIds, ID_CHUNK)) {
    lines.push(
      ...(await trx
        .selectFrom('invoice_lines')
        .select(['invoice_id', 'amount'])
        .where('invoice_id', 'in', part)
        .orderBy('invoice_id')
        .orderBy('position')
        .execute()),
    );
  }
  const studentOfInvoice = new Map(invoices.map((row) => [row.invoice_id, row.student_id]));
  const entries = lines
    .filter((line) => Number(line.amount) !== 0)
    .map((line) => ({
      studentId: studentOfInvoice.get(line.invoice_id)!,
      kind: Number(line.amount) > 0 ? ('charge' as const) : ('discount' as const),
      amount: Number(line.amount),
      occurredOn: today,
      invoiceId: line.invoice_id,
    }));
  for (let i = 0; i < entries.length; i += 500) {
    await appendEntries(trx, actor, entries.slice(i, i + 500), now);
  }
  // Its total is written again from the lines it is issued with (they never change after).
  const totals = new Map<string, number>(invoices.map((invoice) => [invoice.invoice_id, 0]));
  for (const line of lines) {
    totals.set(line.invoice_id, totals.get(line.invoice_id)! + Number(line.amount));
  }
  const at = now.toISOString();
  // A few hundred invoices an update (their numbers by a CASE on the id): a run for a chain issues
  // tens of thousands, and one statement each was most of its time.
  for (let i = 0; i < invoices.length; i += ISSUE_BATCH) {
    const part = invoices.slice(i, i + ISSUE_BATCH);
    const number = sql<string>`case invoice_id ${sql.join(
      part.map((invoice, k) => sql`when ${invoice.invoice_id} then ${numbers[i + k]!}`),
      sql` `,
    )} end`;
    const total = sql<number>`case invoice_id ${sql.join(
      part.map(
        (invoice) =>
          sql`when ${invoice.invoice_id} then cast(${totals.get(invoice.invoice_id)!} as bigint)`,
      ),
      sql` `,
    )} end`;
    await trx
      .updateTable('invoices')
      .set({
        status: 'issued',
        number,
        total,
        issued_at: at,
        issued_by: actor.user_id,
        updated_at: at,
      })
      .where(
        'invoice_id',
        'in',
        part.map((invoice) => invoice.invoice_id),
      )
      .execute();
  }
  await recordAudits(
    trx,
    invoices.map((invoice, k) => ({
      action: 'invoice.issue',
      recordType: 'invoice',
      recordId: invoice.invoice_id,
      changes: {
        status: { before: 'draft', after: 'issued' },
        number: { before: null, after: numbers[k] },
        total: { before: null, after: totals.get(invoice.invoice_id) },
      },
    })),
  );
  // Credit waiting on an account goes to its new invoices: only accounts with money not yet on
  // invoices need it (every account that ever paid did not: that made a chain's run take minutes).
  for (const studentId of await accountsWithFreeMoney(trx, students)) {
    await settleAccount(trx, studentId, now);
  }
  return numbers;
}

/** Issues one draft (staff, admin); returns its number. */
export async function issueInvoice(
  ctx: AppContext,
  actor: SessionUser,
  invoiceId: string,
): Promise<string> {
  return ctx.database.db.transaction().execute(async (trx) => {
    const invoice = await lockedInvoice(ctx, trx, invoiceId);
    if (invoice.status !== 'draft') throw new AppError('INVOICE_NOT_DRAFT');
    const [number] = await issueDrafts(ctx, trx, actor, [invoiceId]);
    return number!;
  });
}

/** Voids an issued invoice (admin), with why; it keeps its number. Returns the number. */
export async function voidInvoice(
  ctx: AppContext,
  actor: SessionUser,
  invoiceId: string,
  reason: string,
): Promise<string> {
  return ctx.database.db.transaction().execute(async (trx) => {
    const invoice = await lockedInvoice(ctx, trx, invoiceId);
    if (invoice.status === 'void') throw new AppError('INVOICE_ALREADY_VOID');
    if (invoice.status !== 'issued') throw new AppError('INVOICE_NOT_ISSUED');
    await lockAccount(trx, ctx.database.dialect, invoice.student_id);
    const now = ctx.clock.now();
    const today = localDate(now, ctx.config.centerTimezone);
    const charged = await trx
      .selectFrom('ledger_entries as e')
      .leftJoin('ledger_entries as r', 'r.reverses_entry_id', 'e.entry_id')
      .select(['e.entry_id', 'e.amount'])
      .where('e.invoice_id', '=', invoiceId)
      .where('e.kind', 'in', ['charge', 'discount'])
      .where('r.entry_id', 'is', null)
      .execute();
    try {
      await appendEntries(
        trx,
        actor,
        charged.map((entry) => ({
          studentId: invoice.student_id,
          kind: 'reversal' as const,
          amount: -Number(entry.amount),
          occurredOn: today,
          note: reason,
          reversesEntryId: entry.entry_id,
          invoiceId,
        })),
        now,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('INVOICE_ALREADY_VOID');
      throw error;
    }
    await releaseInvoice(trx, invoiceId, invoice.student_id, now);
    await trx
      .updateTable('invoices')
      .set({
        status: 'void',
        void_reason: reason,
        voided_at: now.toISOString(),
        voided_by: actor.user_id,
        updated_at: now.toISOString(),
      })
      .where('invoice_id', '=', invoiceId)
      .execute();
    await recordAudit(trx, {
      action: 'invoice.void',
      recordType: 'invoice',
      recordId: invoiceId,
      changes: {
        status: { before: 'issued', after: 'void' },
        void_reason: { before: null, after: reason },
      },
    });
    await settleAccount(trx, invoice.student_id, now);
    return invoice.number!;
  });
}

/** The classes' rows locked (in one order) while a run decides who is invoiced. */
export async function lockClasses(
  trx: Transaction<Database>,
  ctx: AppContext,
  classIds: readonly string[],
) {
  if (ctx.database.dialect !== 'postgres' || classIds.length === 0) return;
  await forUpdate(
    trx
      .selectFrom('classes')
      .select('class_id')
      .where('class_id', 'in', [...classIds].sort())
      .orderBy('class_id'),
    'postgres',
  ).execute();
}
