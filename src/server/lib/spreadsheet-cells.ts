// Reading uploaded spreadsheets, shared by the accounts' import and the bank statements: which
// files are .xlsx (by their bytes, not their name) and a cell as text.
import type ExcelJS from 'exceljs';

/** The first bytes of a zip archive: an .xlsx file, whatever its name says. */
export const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** A spreadsheet cell as text (a date as YYYY-MM-DD, a link's text, a formula's result). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text; // hyperlink
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue); // formula
    return '';
  }
  return String(value);
}
