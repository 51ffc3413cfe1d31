// A class's attendance as a file (CSV or .xlsx, lib/spreadsheet.ts). One row per student, one
// column per lesson, then the rate; the words in the language of the person who asked. A student
// who left keeps their row, marked as left; a lesson they were not in the class for shows '–'.
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
    student.left_at
      ? documentText(language, 'attendance.left', { name: student.full_name })
      : student.full_name,
    ...student.statuses.map((value, index) =>
      !student.enrolled[index]
        ? documentText(language, 'attendance.notInClass')
        : value
          ? status(value)
          : '',
    ),
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
