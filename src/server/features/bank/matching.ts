// Which invoice a transfer pays (docs/decisions/030-bank-transfers.md): the first number in its
// content that names an open invoice (issued, something still owed), and how its amount stands
// against what is owed: exact, partial (less), over (more: the rest becomes credit). A transfer
// seen before (its fingerprint recorded) is 'already'; one naming no open invoice is 'unknown'.
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  invoiceNumbersIn,
  type MatchedInvoiceDto,
  type MatchKind,
  type StatementLine,
} from '#common/bank.ts';
import type { Database } from '#server/db/schema.ts';

/** The same transfer, however it arrives, gets the same fingerprint. */
export const referenceFingerprint = (reference: string) =>
  `ref:${reference.replace(/\s+/g, '').toUpperCase()}`;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Each line's fingerprint: the bank's reference when the file gives one; else a hash of its date,
 * amount, content and balance and of how many identical lines came before it in the file, so the
 * same statement (or one overlapping it) read again gives the same fingerprints wherever the line
 * sits, and two identical transfers on one day stay two.
 */
export function lineFingerprints(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    if (line.reference) return referenceFingerprint(line.reference);
    const key = [
      line.date,
      line.amount,
      line.content.replace(/\s+/g, ' ').trim().toUpperCase(),
      line.balance ?? '',
    ].join('|');
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return `line:${hash(`${key}|${occurrence}`)}`;
  });
}

type Db = Kysely<Database> | Transaction<Database>;

/** The open invoices (issued, something owed) among these numbers, with what is owed on each. */
export async function openInvoices(
  db: Db,
  numbers: readonly string[],
): Promise<Map<string, MatchedInvoiceDto>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('users as s', 's.user_id', 'i.student_id')
    .select([
      'i.invoice_id',
      'i.number',
      'i.student_id',
      's.full_name as student_name',
      'i.class_name',
      'i.total',
      'i.paid',
    ])
    .where('i.number', 'in', [...numbers])
    .where('i.status', '=', 'issued')
    .execute();
  const open = new Map<string, MatchedInvoiceDto>();
  for (const row of rows) {
    const outstanding = Number(row.total) - Number(row.paid);
    if (outstanding <= 0) continue;
    open.set(row.number!, {
      invoice_id: row.invoice_id,
      number: row.number!,
      student_id: row.student_id,
      student_name: row.student_name,
      class_name: row.class_name,
      outstanding,
    });
  }
  return open;
}

/** How an amount stands against what an invoice still owes. */
export const kindOf = (amount: number, outstanding: number): MatchKind =>
  amount === outstanding ? 'exact' : amount < outstanding ? 'partial' : 'over';

/** The fingerprints already recorded, of these. */
export async function recordedFingerprints(
  db: Db,
  fingerprints: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < fingerprints.length; i += 500) {
    const rows = await db
      .selectFrom('bank_transfers')
      .select('fingerprint')
      .where('fingerprint', 'in', fingerprints.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.fingerprint);
  }
  return found;
}

export interface LineMatch {
  kind: MatchKind;
  invoice: MatchedInvoiceDto | null;
  fingerprint: string;
}

/**
 * Each line's match, lines taken in order: a line paying an invoice lowers what is owed on it for
 * the lines after it, and a fingerprint met twice is 'already' the second time.
 */
export async function matchLines(db: Db, lines: readonly StatementLine[]): Promise<LineMatch[]> {
  const fingerprints = lineFingerprints(lines);
  const recorded = await recordedFingerprints(db, fingerprints);
  const numbers = [...new Set(lines.flatMap((line) => invoiceNumbersIn(line.content)))];
  const open = new Map<string, MatchedInvoiceDto>();
  for (let i = 0; i < numbers.length; i += 500) {
    for (const [number, invoice] of await openInvoices(db, numbers.slice(i, i + 500))) {
      open.set(number, invoice);
    }
  }
  const owed = new Map([...open].map(([number, invoice]) => [number, invoice.outstanding]));
  return lines.map((line, index) => {
    const fingerprint = fingerprints[index]!;
    if (recorded.has(fingerprint)) return { kind: 'already', invoice: null, fingerprint };
    recorded.add(fingerprint);
    const number = invoiceNumbersIn(line.content).find((n) => (owed.get(n) ?? 0) > 0);
    if (!number) return { kind: 'unknown', invoice: null, fingerprint };
    const outstanding = owed.get(number)!;
    owed.set(number, outstanding - line.amount);
    return {
      kind: kindOf(line.amount, outstanding),
      invoice: { ...open.get(number)!, outstanding },
      fingerprint,
    };
  });
}
