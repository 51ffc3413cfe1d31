// ExcelJS, loaded on first use instead of at start-up: it is the largest dependency the server
// holds (about 20 MiB of resident memory once loaded, measured by bench:api), and a process may
// run for days without making or reading a single workbook (docs/decisions/047-memory.md).
import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

export function loadExcelJS(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
