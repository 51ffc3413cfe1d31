// A table of text as a downloadable file: CSV in UTF-8 with a byte-order mark (Excel then reads
// Vietnamese right) or .xlsx; and the Content-Disposition that keeps a Vietnamese file name.
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

export function csvFile(table: readonly (readonly string[])[]): string {
  return `\uFEFF${stringify(table as string[][], { record_delimiter: 'windows' })}`;
}

export async function xlsxFile(
  table: readonly (readonly string[])[],
  sheetName: string,
  options: { firstColumnWidth?: number } = {},
): Promise<Buffer> {
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
