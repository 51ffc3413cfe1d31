// Which invoices a student's money has paid (docs/decisions/029-invoices.md). The ledger says what
// is owed in all; allocations say which invoices that money went to, so an invoice reads as issued,
// partly paid or paid. Money in (payments less refunds, less what was reversed of either) goes to
// the invoice a payment names first, then to the oldest open invoices (by due date, then number);
// what is left is a credit, and the next invoice issued takes it. Allocations are rows that are
// only ever added: money taken off an invoice again (a reversed payment, a voided invoice) is a
// negative row. `settleAccount` restores "every đồng in is on an invoice, or every invoice is paid"
// after any change; it runs in the change's transaction, with the student's row locked.
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** Money in: payments less refunds, each net of its reversal (positive: in the center's hands). */
export async function moneyIn(trx: Transaction<Database>, studentIds: readonly string[]) {
  if (studentIds.length === 0) return new Map<string, number>();
  const rows = await trx
    .selectFrom('ledger_entries as e')
    .leftJoin('ledger_entries as o', 'o.entry_id', 'e.reverses_entry_id')
    .select(['e.student_id', sql<number>`coalesce(-sum(e.amount), 0)`.as('money_in')])
    .where('e.student_id', 'in', studentIds)
    .where((eb) =>
      eb.or([
        eb('e.kind', 'in', ['payment', 'refund']),
        eb.and([eb('e.kind', '=', 'reversal'), eb('o.kind', 'in', ['payment', 'refund'])]),
      ]),
    )
    .groupBy('e.student_id')
    .execute();
  return new Map(rows.map((row) => [row.student_id, Number(row.money_in)]));
}

/**
 * The students among these whose money in is not all on invoices (a credit waiting, or, after a
 * reversal, more on invoices than came in): the only accounts a change elsewhere can need to
 * settle. Two grouped reads per thousand students, instead of settling every account that ever
 * paid (a month's run for a chain with a year of payments settled each of tens of thousands).
 */
export async function accountsWithFreeMoney(
  trx: Transaction<Database>,
  studentIds: readonly string[],
): Promise<string[]> {
  const unsettled: string[] = [];
  for (let i = 0; i < studentIds.length; i += 1000) {
    const part = studentIds.slice(i, i + 1000);
    const cameIn = await moneyIn(trx, part);
    if (cameIn.size === 0) continue;
    const allocated = await trx
      .selectFrom('invoice_allocations')
      .select(['student_id', sql<number>`coalesce(sum(amount), 0)`.as('allocated')])
      .where('student_id', 'in', [...cameIn.keys()])
      .groupBy('student_id')
      .execute();
    const onInvoices = new Map(allocated.map((row) => [row.student_id, Number(row.allocated)]));
    for (const [studentId, money] of cameIn) {
      if (money !== (onInvoices.get(studentId) ?? 0)) unsettled.push(studentId);
    }
  }
  return unsettled;
}

export interface InvoiceBalance {
  invoice_id: string;
  total: number;
  paid: number;
}

/** The student's issued invoices, oldest first, with their totals and what is on them (kept columns). */
async function issuedInvoices(
  trx: Transaction<Database>,
  studentId: string,
): Promise<InvoiceBalance[]> {
  const rows = await trx
    .selectFrom('invoices as i')
    .select(['i.invoice_id', 'i.total', 'i.paid'])
    .where('i.student_id', '=', studentId)
    .where('i.status', '=', 'issued')
    .orderBy('i.due_date')
    .orderBy('i.number')
    .execute();
  return rows.map((row) => ({
    invoice_id: row.invoice_id,
    total: Number(row.total),
    paid: Number(row.paid),
  }));
}

/**
 * Puts the student's free money on their open invoices (the named one first), or takes it off the
 * newest when more is on invoices than came in. The caller holds the student's row locked.
 */
export async function settleAccount(
  trx: Transaction<Database>,
  studentId: string,
  now: Date,
  firstInvoiceId?: string,
): Promise<void> {
  const cameIn = (await moneyIn(trx, [studentId])).get(studentId) ?? 0;
  const invoices = await issuedInvoices(trx, studentId);
  const { allocated } = await trx
    .selectFrom('invoice_allocations')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('allocated'))
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  let free = cameIn - Number(allocated);
  const rows: Insertable<Database['invoice_allocations']>[] = [];
  const at = now.toISOString();
  const add = (invoice: InvoiceBalance, amount: number) => {
    if (amount === 0) return;
    invoice.paid += amount;
    free -= amount;
    rows.push({
      invoice_id: invoice.invoice_id,
      student_id: studentId,
      amount,
      created_at: at,
    } as never);
  };
  if (free < 0) {
    for (const invoice of [...invoices].reverse()) {
      if (free >= 0) break;
      add(invoice, -Math.min(invoice.paid, -free));
    }
  } else if (free > 0) {
    const first = invoices.find((invoice) => invoice.invoice_id === firstInvoiceId);
    const order = first ? [first, ...invoices.filter((invoice) => invoice !== first)] : invoices;
    for (const invoice of order) {
      if (free <= 0) break;
      const open = invoice.total - invoice.paid;
      if (open > 0) add(invoice, Math.min(open, free));
    }
  }
  if (rows.length === 0) return;
  await trx.insertInto('invoice_allocations').values(rows).execute();
  // Each invoice's `paid` (migration 028) moves with its allocations, in this transaction.
  const moved = new Map<string, number>();
  for (const row of rows) moved.set(row.invoice_id, (moved.get(row.invoice_id) ?? 0) + row.amount);
  for (const [invoiceId, amount] of moved) {
    await trx
      .updateTable('invoices')
      .set((eb) => ({ paid: eb('paid', '+', amount) }))
      .where('invoice_id', '=', invoiceId)
      .execute();
  }
}

/** Takes everything off an invoice being voided (settleAccount then puts it elsewhere). */
export async function releaseInvoice(
  trx: Transaction<Database>,
  invoiceId: string,
  studentId: string,
  now: Date,
): Promise<void> {
  const { paid } = await trx
    .selectFrom('invoice_allocations')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('paid'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  if (Number(paid) === 0) return;
  await trx
    .insertInto('invoice_allocations')
    .values({
      invoice_id: invoiceId,
      student_id: studentId,
      amount: -Number(paid),
      created_at: now.toISOString(),
    })
    .execute();
  await trx.updateTable('invoices').set({ paid: 0 }).where('invoice_id', '=', invoiceId).execute();
}
