// A class's attendance as a file (CSV or .xlsx, lib/spreadsheet.ts). One row per student, one column per lesson, then the rate.
import type { ClassAttendanceDto } from '#common/attendance.ts';
import { localDateTimeText } from '#server/lib/center-time.ts';
import { csvFile, xlsxFile } from '#server/lib/spreadsheet.ts';

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
  return csvFile(table(attendance, timeZone));
}

export function attendanceXlsx(
  attendance: ClassAttendanceDto,
  timeZone: string,
  sheetName: string,
): Promise<Buffer> {
  return xlsxFile(table(attendance, timeZone), sheetName, { firstColumnWidth: 28 });
}
