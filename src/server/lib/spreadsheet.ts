// A table of text as a downloadable file: CSV in UTF-8 with a byte-order mark (Excel then reads
// Vietnamese right) or .xlsx; and the Content-Disposition that keeps a Vietnamese file name.
// A CSV cell that a spreadsheet would run as a formula is neutralised (OWASP 'CSV injection',
// docs/decisions/043-safe-spreadsheets.md); .xlsx cells are written as text and never run.
import type * as Csv from 'csv-stringify/sync';
import { neutraliseCsvText } from '#common/csv-cell.ts';
import { loadExcelJS } from './exceljs.ts';
import { lazyRequire } from './lazy-require.ts';

/** Loaded on the first CSV (docs/decisions/047-memory.md). */
const csv = lazyRequire<typeof Csv>('csv-stringify/sync');

/**
 * A text cell as a CSV may carry it: one starting with =, +, -, @, a tab or a carriage return gets
 * a single quote in front, so a spreadsheet shows it as text instead of running it. Numbers the
 * server computes itself are passed as numbers and stay numbers (a negative amount stays -5).
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  return neutraliseCsvText(value);
}

/**
 * Every field is quoted (and its quotes doubled), so a separator inside a text, ',' or the ';' a
 * Vietnamese Excel splits on, never starts a new cell that could begin with a formula.
 */
export function csvFile(table: readonly (readonly (string | number)[])[]): string {
  const cells = table.map((row) => row.map(csvCell));
  return `\uFEFF${csv().stringify(cells, { record_delimiter: 'windows', quoted: true })}`;
}

export async function xlsxFile(
  table: readonly (readonly string[])[],
  sheetName: string,
  options: { firstColumnWidth?: number } = {},
): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  // Sheet names are at most 31 characters and may not hold []:*?/\
  const sheet = workbook.addWorksheet(
    sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet',
  );
  for (const row of table) sheet.addRow([...row]);
  sheet.getRow(1).font = { bold: true };
  if (options.firstColumnWidth) sheet.getColumn(1).width = options.firstColumnWidth;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A Content-Disposition that keeps a Vietnamese file name (RFC 6266 filename*). */
export function attachment(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
