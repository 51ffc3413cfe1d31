// A month's pay statements as an .xlsx file (docs/decisions/033-teachers-pay.md): a summary sheet
// (a row per teacher, then the totals) and a lines sheet (each lesson, then each adjustment with
// its reason). Amounts are numbers (whole đồng) so a spreadsheet adds them up; times are in the
// center's zone. The words are in the language of the person who asked (lib/document-texts.ts).
import { formatMoney } from '#common/money.ts';
import type { PayStatementDto } from '#common/teacher-pay.ts';
import { localDateTimeText } from '#server/lib/center-time.ts';
import { documentText, type Language } from '#server/lib/document-texts.ts';
import { loadExcelJS } from '#server/lib/exceljs.ts';

const AMOUNT_FORMAT = '#,##0';
/** A calendar day as a spreadsheet date (midnight UTC: no zone shifts its day). */
const dateCell = (day: string) => new Date(`${day}T00:00:00.000Z`);

export async function payXlsx(
  statements: PayStatementDto[],
  language: Language,
  timeZone: string,
): Promise<Buffer> {
  const text = (key: Parameters<typeof documentText>[1], params?: Record<string, string>) =>
    documentText(language, key, params);
  const money = { numFmt: AMOUNT_FORMAT };
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();

  const summary = workbook.addWorksheet(text('pay.summarySheet'));
  summary.columns = [
    { header: text('pay.teacher'), width: 28 },
    { header: text('pay.state'), width: 12 },
    { header: text('pay.lessons'), width: 10 },
    { header: text('pay.minutes'), width: 10 },
    { header: text('pay.lessonAmount'), width: 16, style: money },
    { header: text('pay.adjustments'), width: 16, style: money },
    { header: text('pay.total'), width: 16, style: money },
  ];
  summary.getRow(1).font = { bold: true };
  const totals = { lessons: 0, minutes: 0, lesson_amount: 0, adjustments: 0, total: 0 };
  for (const statement of statements) {
    summary.addRow([
      statement.teacher_name,
      text(`pay.state.${statement.state}`),
      statement.lessons,
      statement.minutes,
      statement.lesson_amount,
      statement.adjustments,
      statement.total,
    ]);
    totals.lessons += statement.lessons;
    totals.minutes += statement.minutes;
    totals.lesson_amount += statement.lesson_amount;
    totals.adjustments += statement.adjustments;
    totals.total += statement.total;
  }
  summary.addRow([
    text('pay.total'),
    '',
    totals.lessons,
    totals.minutes,
    totals.lesson_amount,
    totals.adjustments,
    totals.total,
  ]).font = { bold: true };

  const lines = workbook.addWorksheet(text('pay.linesSheet'));
  lines.columns = [
    { header: text('pay.teacher'), width: 28 },
    { header: text('pay.date'), width: 12, style: { numFmt: 'dd/mm/yyyy' } },
    { header: text('pay.class'), width: 24 },
    { header: text('pay.topic'), width: 28 },
    { header: text('pay.substitute'), width: 10 },
    { header: text('pay.started'), width: 18 },
    { header: text('pay.ended'), width: 18 },
    { header: text('pay.minutes'), width: 10 },
    { header: text('pay.timeSource'), width: 14 },
    { header: text('pay.rate'), width: 18 },
    { header: text('pay.amount'), width: 16, style: money },
  ];
  lines.getRow(1).font = { bold: true };
  for (const statement of statements) {
    for (const line of statement.lines) {
      lines.addRow([
        statement.teacher_name,
        dateCell(line.lesson_date),
        line.class_name,
        line.topic,
        line.substitute ? text('pay.yes') : '',
        localDateTimeText(new Date(line.started_at), timeZone),
        localDateTimeText(new Date(line.ended_at), timeZone),
        line.minutes,
        text(`pay.timeSource.${line.time_source}`),
        line.rate_kind && line.rate_amount !== null
          ? text(`pay.rate.${line.rate_kind}`, {
              amount: formatMoney(line.rate_amount, language).replace(/\s?₫/, ''),
            })
          : '',
        line.amount,
      ]);
    }
    for (const adjustment of statement.adjustment_items) {
      const line = statement.lines.find((l) => l.schedule_id === adjustment.schedule_id);
      lines.addRow([
        statement.teacher_name,
        dateCell(line?.lesson_date ?? adjustment.created_at.slice(0, 10)),
        line?.class_name ?? '',
        `${text('pay.adjustment')}: ${adjustment.reason}`,
        '',
        '',
        '',
        '',
        '',
        '',
        adjustment.amount,
      ]);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
