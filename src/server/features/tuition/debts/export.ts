// The debts list as an .xlsx file: one row per student as the page shows it, then the totals row;
// amounts are numbers (whole đồng, grouped by the cell's format) so a spreadsheet can add them up.
// The words are in the language of the person who asked (lib/document-texts.ts).
import type { DebtListDto } from '#common/debts.ts';
import { documentText, type Language } from '#server/lib/document-texts.ts';
import { loadExcelJS } from '#server/lib/exceljs.ts';

const AMOUNT_FORMAT = '#,##0';
/** A calendar day as a spreadsheet date (midnight UTC: no zone shifts its day). */
const dateCell = (day: string) => new Date(`${day}T00:00:00.000Z`);

export async function debtsXlsx(list: DebtListDto, language: Language): Promise<Buffer> {
  const text = (key: Parameters<typeof documentText>[1]) => documentText(language, key);
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(text('debts.fileName').replace('-{date}', '').slice(0, 31));
  sheet.columns = [
    { header: text('debts.student'), width: 28 },
    { header: text('debts.classes'), width: 28 },
    { header: text('debts.invoices'), width: 12 },
    { header: text('debts.oldestDue'), width: 14, style: { numFmt: 'dd/mm/yyyy' } },
    { header: text('debts.outstanding'), width: 16, style: { numFmt: AMOUNT_FORMAT } },
    { header: text('debts.notDue'), width: 16, style: { numFmt: AMOUNT_FORMAT } },
    { header: text('debts.overdue1to30'), width: 18, style: { numFmt: AMOUNT_FORMAT } },
    { header: text('debts.overdue31to60'), width: 18, style: { numFmt: AMOUNT_FORMAT } },
    { header: text('debts.overdueOver60'), width: 20, style: { numFmt: AMOUNT_FORMAT } },
  ];
  sheet.getRow(1).font = { bold: true };
  const amounts = (row: DebtListDto['totals']) => [
    row.outstanding,
    row.not_due,
    row.overdue_1_30,
    row.overdue_31_60,
    row.overdue_over_60,
  ];
  for (const row of list.items) {
    sheet.addRow([
      row.student_name,
      row.classes.map((klass) => klass.class_name).join(', '),
      row.invoices,
      // A date cell (sortable, shown dd/mm/yyyy), not text.
      dateCell(row.oldest_due_date),
      ...amounts(row),
    ]);
  }
  const totals = sheet.addRow([
    text('debts.total'),
    '',
    list.items.reduce((sum, row) => sum + row.invoices, 0),
    '',
    ...amounts(list.totals),
  ]);
  totals.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
