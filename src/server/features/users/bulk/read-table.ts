// A spreadsheet or CSV file read into a table of text cells, with well-kept parsers (csv-parse,
// exceljs's streaming reader behind lib/workbook-reader.ts's limits): the first row is the header, the rest are rows. Which it is comes from the bytes
// (.xlsx files are zip archives), not from the name or the browser's claim.
import type * as Csv from 'csv-parse/sync';
import { withoutControlCharacters } from '#common/fields.ts';
import { IMPORT_MAX_ROWS } from '#common/user-import.ts';
import { AppError } from '#server/errors.ts';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import { ZIP_MAGIC } from '#server/lib/spreadsheet-cells.ts';
import { readWorkbookRows } from '#server/lib/workbook-reader.ts';

/** Loaded on the first CSV (docs/decisions/047-memory.md). */
const csv = lazyRequire<typeof Csv>('csv-parse/sync');

/** The first sheet as a stream, stopped at the first row past the import's limit (and the header). */
async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const rows = await readWorkbookRows(bytes, {
    maxRows: IMPORT_MAX_ROWS + 1,
    tooManyRows: () => new AppError('IMPORT_TOO_MANY_ROWS', { field: 'file' }),
  });
  return rows.map((row) => row.cells);
}

function readCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) throw new AppError('IMPORT_FILE_UNREADABLE', { field: 'file' });
  return csv().parse(text, {
    bom: true,
    // Excel saves CSV with ';' in locales whose decimal mark is ',' (Vietnamese among them).
    delimiter: [',', ';', '\t'],
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  }) as string[][];
}

export async function readTable(bytes: Buffer): Promise<{ headers: string[]; rows: string[][] }> {
  let table: string[][];
  try {
    const isZip = ZIP_MAGIC.every((byte, i) => bytes[i] === byte);
    table = isZip ? await readXlsx(bytes) : readCsv(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMPORT_FILE_UNREADABLE', { field: 'file', cause: error });
  }
  const nonEmpty = table.filter((row) => row.some((cell) => cell !== ''));
  const [headers, ...rows] = nonEmpty;
  if (!headers || rows.length === 0) throw new AppError('IMPORT_FILE_EMPTY', { field: 'file' });
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError('IMPORT_TOO_MANY_ROWS', { field: 'file' });
  const width = Math.max(headers.length, ...rows.map((row) => row.length));
  // A file's invisible control characters are left out: no name means them (issue 30 finding 5).
  const pad = (row: string[]) => [
    ...row.map(withoutControlCharacters),
    ...Array<string>(width - row.length).fill(''),
  ];
  return { headers: pad(headers), rows: rows.map(pad) };
}
