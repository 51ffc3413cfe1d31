// Invoice numbers (docs/decisions/029-invoices.md): HP-YYYY-NNNNNN, sequential per year with no
// gaps, taken when an invoice is issued, in the issuing transaction. The year's counter row is
// raised by an upsert: on PostgreSQL the row stays locked until the transaction ends, so a second
// issue (another request, another server process) waits and then takes the next number; a
// transaction that rolls back gives its numbers back with it. SQLite runs one write at a time.
import { sql, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export const invoiceNumber = (year: number, sequence: number) =>
  `HP-${year}-${String(sequence).padStart(6, '0')}`;

/** Takes `count` numbers of the year, in order. */
export async function takeInvoiceNumbers(
  trx: Transaction<Database>,
  year: number,
  count: number,
): Promise<string[]> {
  if (count === 0) return [];
  const { last_number } = await trx
    .insertInto('invoice_counters')
    .values({ year, last_number: count })
    .onConflict((oc) =>
      oc.column('year').doUpdateSet({
        last_number: sql`invoice_counters.last_number + ${count}`,
      }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  const last = Number(last_number);
  return Array.from({ length: count }, (_, index) => invoiceNumber(year, last - count + 1 + index));
}
