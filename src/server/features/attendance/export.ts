// A class's attendance as a file: CSV in UTF-8 with a byte-order mark (Excel then reads the
// Vietnamese names right) and .xlsx. One row per student, one column per lesson, then the rate.
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { ClassAttendanceDto } from '#common/dto.ts';
import { localDateTimeText } from '#server/lib/center-time.ts';

const STATUS_TEXT = { present: 'Có mặt', late: 'Đi muộn', absent: 'Vắng' } as const;

function table(attendance: ClassAttendanceDto, timeZone: string): string[][] {
  const header = [
    'Học viên',
    ...attendance.lessons.map(
      (lesson) => `${localDateTimeText(new Date(lesson.start_time), timeZone)} – ${lesson.topic}`,
    ),
    'Tỉ lệ có mặt',
  ];
  const rows = attendance.students.map((student) => [
    student.full_name,
    ...student.statuses.map((status) => (status ? STATUS_TEXT[status] : '')),
    student.rate === null ? '' : `${Math.round(student.rate * 100)}%`,
  ]);
  return [header, ...rows];
}

export function attendanceCsv(attendance: ClassAttendanceDto, timeZone: string): string {
  return `\uFEFF${stringify(table(attendance, timeZone), { record_delimiter: 'windows' })}`;
}

export async function attendanceXlsx(
  attendance: ClassAttendanceDto,
  timeZone: string,
  sheetName: string,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  // Sheet names are at most 31 characters and may not hold []:*?/\
  const sheet = workbook.addWorksheet(
    sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet',
  );
  for (const row of table(attendance, timeZone)) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(1).width = 28;
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
