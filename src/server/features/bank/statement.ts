// A bank statement file read into its credit lines (docs/decisions/030-bank-transfers.md). Banks
// export CSV or .xlsx with a few title rows (bank, account, period) above the table, headers in
// Vietnamese, English or both ('Ngày giao dịch / Transaction date'), amounts grouped with dots or
// commas ('1.500.000', '1,500,000.00'), dates as dd/mm/yyyy (with a time, sometimes), and either one
// signed amount column or a credit and a debit column. The header row is found by its names; debit
// lines and rows that are not a transfer (totals, notes) are left aside and counted.
import type * as Csv from 'csv-parse/sync';
import { MAX_CONTENT_LENGTH, MAX_STATEMENT_LINES, type StatementLine } from '#common/bank.ts';
import { isRealDate } from '#common/fields.ts';
import { MAX_AMOUNT } from '#common/money.ts';
import { foldForSearch } from '#common/search.ts';
import { AppError } from '#server/errors.ts';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import { ZIP_MAGIC } from '#server/lib/spreadsheet-cells.ts';
import { readWorkbookRows } from '#server/lib/workbook-reader.ts';

/** Loaded on the first CSV (docs/decisions/047-memory.md). */
const csv = lazyRequire<typeof Csv>('csv-parse/sync');

/**
 * Rows a statement's sheet may have, title rows and debits included (its credits are at most
 * MAX_STATEMENT_LINES); read as a stream (lib/workbook-reader.ts), stopped at the first past it.
 */
const MAX_STATEMENT_ROWS = 10 * MAX_STATEMENT_LINES;

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const tooLong = () => new AppError('BANK_STATEMENT_TOO_LONG', { field: 'file' });
  const read = await readWorkbookRows(bytes, { maxRows: MAX_STATEMENT_ROWS, tooManyRows: tooLong });
  // Each row at its own place (a line is shown with its row number), empty ones between.
  const rows: string[][] = [];
  for (const { number, cells } of read) {
    if (number > 2 * MAX_STATEMENT_ROWS) throw tooLong();
    while (rows.length < number - 1) rows.push([]);
    rows.push(cells);
  }
  return rows;
}

function readCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) throw new AppError('IMPORT_FILE_UNREADABLE', { field: 'file' });
  return csv().parse(text, {
    bom: true,
    delimiter: [',', ';', '\t'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    trim: true,
  }) as string[][];
}

type Column = 'date' | 'credit' | 'debit' | 'amount' | 'content' | 'reference' | 'balance';

/** What a header names; a bilingual header ('Ghi có / Credit') is read by its parts. */
function columnOf(header: string): Column | undefined {
  const parts = foldForSearch(header)
    .split(/[/\n()|]/)
    .map((part) => part.trim())
    .filter(Boolean);
  for (const part of parts) {
    if (
      /^(ngay|ngay gd|ngay giao dich|ngay hach toan|ngay hieu luc|thoi gian( giao dich)?)$/.test(
        part,
      )
    )
      return 'date';
    if (
      /^(transaction date|date|posting date|value date|trans date|effective date|txn date)$/.test(
        part,
      )
    )
      return 'date';
    if (
      /^(so tien )?(ghi co|co)$|^(credit|credit amount|tien vao|so tien vao|phat sinh co)$/.test(
        part,
      )
    )
      return 'credit';
    if (
      /^(so tien )?(ghi no|no)$|^(debit|debit amount|tien ra|so tien ra|phat sinh no)$/.test(part)
    )
      return 'debit';
    if (/^(so du|so du cuoi|balance|running balance|so du sau giao dich)$/.test(part))
      return 'balance';
    if (
      /^(so tham chieu|ma tham chieu|ma giao dich|ma gd|so gd|so but toan|reference|reference no\.?|ref|ref no\.?|transaction id|transaction no\.?|so ct|so chung tu)$/.test(
        part,
      )
    )
      return 'reference';
    if (
      /^(noi dung|mo ta|dien giai|chi tiet|description|transaction description|details?|content|remarks?|narrative|transactions? in detail|transaction details?)\b/.test(
        part,
      )
    )
      return 'content';
    if (/^(so tien|so tien giao dich|amount|transaction amount)$/.test(part)) return 'amount';
  }
  return undefined;
}

interface Layout {
  headerRow: number;
  columns: Partial<Record<Column, number>>;
}

/** The first row (of the first 30) naming a date, an amount or credit, and a content column. */
function findLayout(table: string[][]): Layout | undefined {
  for (let r = 0; r < Math.min(table.length, 30); r++) {
    const columns: Partial<Record<Column, number>> = {};
    (table[r] ?? []).forEach((cell, index) => {
      const column = columnOf(cell);
      if (column && columns[column] === undefined) columns[column] = index;
    });
    const hasAmount = columns.credit !== undefined || columns.amount !== undefined;
    if (columns.date !== undefined && hasAmount && columns.content !== undefined) {
      return { headerRow: r, columns };
    }
  }
  return undefined;
}

/**
 * A signed whole amount of đồng as banks write it: '1.500.000', '1,500,000', '1 500 000 VND',
 * '1,500,000.00', '-200.000', '(200.000)'. Null when it is empty, not a number, or has a fraction.
 */
export function parseStatementAmount(text: string): number | null {
  let s = text.replace(/\s|VND|VNĐ|₫|đ/gi, '');
  if (s === '' || s === '-') return null;
  let sign = 1;
  if (/^\(.*\)$/.test(s)) {
    sign = -1;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    sign = -sign;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  let digits: string | undefined;
  if (/^\d+$/.test(s)) digits = s;
  else if (/^\d{1,3}(\.\d{3})+$/.test(s) || /^\d{1,3}(,\d{3})+$/.test(s)) {
    digits = s.replace(/[.,]/g, '');
  } else {
    // A decimal part after the other mark: '1,500,000.00', '1.500.000,00', '1500000.00'.
    const decimal = /^(\d{1,3}(?:([.,])\d{3})*|\d+)([.,])(\d{1,2})$/.exec(s);
    if (decimal && decimal[2] !== decimal[3] && /^0+$/.test(decimal[4]!)) {
      digits = decimal[1]!.replace(/[.,]/g, '');
    }
  }
  if (digits === undefined) return null;
  const amount = sign * Number(digits);
  return Number.isSafeInteger(amount) && Math.abs(amount) <= MAX_AMOUNT ? amount : null;
}

/** 'dd/mm/yyyy' (or with '-', '.', a time after it) or 'yyyy-mm-dd' → 'yyyy-mm-dd'. */
export function parseStatementDate(text: string): string | null {
  const trimmed = text.trim();
  let iso: string | undefined;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T,].*)?$/.exec(trimmed);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(trimmed);
  if (dmy) iso = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  else if (ymd) iso = `${ymd[1]}-${ymd[2]}-${ymd[3]}`;
  return iso && isRealDate(iso) ? iso : null;
}

export interface ReadStatement {
  lines: StatementLine[];
  debits: number;
  skipped: number;
}

/** The file's credit lines, in file order. */
export async function readStatement(bytes: Buffer): Promise<ReadStatement> {
  let table: string[][];
  try {
    const isZip = ZIP_MAGIC.every((byte, i) => bytes[i] === byte);
    table = isZip ? await readXlsx(bytes) : readCsv(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMPORT_FILE_UNREADABLE', { field: 'file', cause: error });
  }
  const layout = findLayout(table);
  if (!layout) throw new AppError('BANK_STATEMENT_COLUMNS', { field: 'file' });
  const { columns } = layout;
  const cell = (row: string[], column: Column) =>
    columns[column] === undefined ? '' : (row[columns[column]] ?? '').trim();
  const lines: StatementLine[] = [];
  let debits = 0;
  let skipped = 0;
  for (let r = layout.headerRow + 1; r < table.length; r++) {
    const row = table[r] ?? [];
    if (row.every((value) => value.trim() === '')) continue;
    const date = parseStatementDate(cell(row, 'date'));
    let amount: number | null;
    if (columns.credit !== undefined) {
      const credit = parseStatementAmount(cell(row, 'credit'));
      const debit = parseStatementAmount(cell(row, 'debit'));
      amount = credit !== null && credit !== 0 ? Math.abs(credit) : debit ? -Math.abs(debit) : null;
    } else {
      amount = parseStatementAmount(cell(row, 'amount'));
    }
    if (!date || amount === null || amount === 0) {
      skipped++;
      continue;
    }
    if (amount < 0) {
      debits++;
      continue;
    }
    const reference = cell(row, 'reference').slice(0, 100) || null;
    const balance = cell(row, 'balance').slice(0, 40) || null;
    lines.push({
      row: r + 1,
      date,
      amount,
      content: cell(row, 'content').replace(/\s+/g, ' ').slice(0, MAX_CONTENT_LENGTH),
      reference,
      balance,
    });
  }
  if (lines.length === 0) throw new AppError('BANK_STATEMENT_NO_CREDITS', { field: 'file' });
  if (lines.length > MAX_STATEMENT_LINES) {
    throw new AppError('BANK_STATEMENT_TOO_LONG', { field: 'file' });
  }
  return { lines, debits, skipped };
}
