// A class's attendance as a file (CSV or .xlsx, lib/spreadsheet.ts). One row per student, one
// column per lesson, then the rate; the words in the language of the person who asked.
import type { AttendanceStatusDto, ClassAttendanceDto } from '#common/attendance.ts';
import { localDateTimeText } from '#server/lib/center-time.ts';
import { documentText, type Language } from '#server/lib/document-texts.ts';
import { csvFile, xlsxFile } from '#server/lib/spreadsheet.ts';

function table(attendance: ClassAttendanceDto, timeZone: string, language: Language): string[][] {
  const status = (value: AttendanceStatusDto) => documentText(language, `attendance.${value}`);
  const header = [
    documentText(language, 'attendance.student'),
    ...attendance.lessons.map(
      (lesson) => `${localDateTimeText(new Date(lesson.start_time), timeZone)} – ${lesson.topic}`,
    ),
    documentText(language, 'attendance.rate'),
  ];
  const rows = attendance.students.map((student) => [
    student.full_name,
    ...student.statuses.map((value) => (value ? status(value) : '')),
    student.rate === null ? '' : `${Math.round(student.rate * 100)}%`,
  ]);
  return [header, ...rows];
}

export function attendanceCsv(
  attendance: ClassAttendanceDto,
  timeZone: string,
  language: Language,
): string {
  return csvFile(table(attendance, timeZone, language));
}

export function attendanceXlsx(
  attendance: ClassAttendanceDto,
  timeZone: string,
  language: Language,
  sheetName: string,
): Promise<Buffer> {
  return xlsxFile(table(attendance, timeZone, language), sheetName, { firstColumnWidth: 28 });
}
