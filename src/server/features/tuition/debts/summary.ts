// The month's summary for admin (issue 27): per class and in total, what was invoiced for the month
// (issued invoices, void ones left out), what has been paid on those invoices, and what is still
// outstanding on them; and the money received in the month by the date it was paid (payments, and
// refunds paid out, neither counted once reversed). Two queries, both aggregated in the database.
import { type Kysely, sql } from 'kysely';
import type { MonthSummaryDto } from '#common/debts.ts';
import type { Database } from '#server/db/schema.ts';
import { lastDayOf } from '../invoices/charges.ts';

interface ClassRow {
  class_id: string | null;
  class_name: string;
  invoices: number | string;
  invoiced: number | string;
  collected: number | string;
  outstanding: number | string;
}

export async function monthSummary(db: Kysely<Database>, period: string): Promise<MonthSummaryDto> {
  const { rows } = await sql<ClassRow>`
    with o as (
      select i.class_id, i.class_name, i.total, i.paid
      from invoices i
      where i.period = ${period} and i.status = 'issued'
    )
    select o.class_id, o.class_name,
      count(*) as invoices,
      sum(o.total) as invoiced,
      sum(o.paid) as collected,
      sum(case when o.total > o.paid then o.total - o.paid else 0 end) as outstanding
    from o
    group by o.class_id, o.class_name
  `.execute(db);
  const classes = rows
    .map((row) => ({
      class_id: row.class_id,
      class_name: row.class_name,
      invoices: Number(row.invoices),
      invoiced: Number(row.invoiced),
      collected: Number(row.collected),
      outstanding: Number(row.outstanding),
    }))
    .sort((a, b) => a.class_name.localeCompare(b.class_name, 'vi'));
  const total = { invoices: 0, invoiced: 0, collected: 0, outstanding: 0 };
  for (const row of classes) {
    total.invoices += row.invoices;
    total.invoiced += row.invoiced;
    total.collected += row.collected;
    total.outstanding += row.outstanding;
  }

  const money = await db
    .selectFrom('ledger_entries as e')
    .leftJoin('ledger_entries as r', 'r.reverses_entry_id', 'e.entry_id')
    .select([
      sql<number>`coalesce(sum(case when e.kind = 'payment' then -e.amount else 0 end), 0)`.as(
        'received',
      ),
      sql<number>`coalesce(sum(case when e.kind = 'refund' then e.amount else 0 end), 0)`.as(
        'refunded',
      ),
    ])
    .where('e.kind', 'in', ['payment', 'refund'])
    .where('e.occurred_on', '>=', `${period}-01` as never)
    .where('e.occurred_on', '<=', lastDayOf(period) as never)
    .where('r.entry_id', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    period,
    classes,
    total,
    received: Number(money.received),
    refunded: Number(money.refunded),
  };
}
