// attendance.ts in English, key for key (the type requires every key; a test checks the
// placeholders). Loaded only for users who chose English.
import type { attendanceTexts } from './attendance.ts';

export const attendanceTextsEn: Record<keyof typeof attendanceTexts, string> = {
  'attendance.status.present': 'Present',
  'attendance.status.late': 'Late',
  'attendance.status.absent': 'Absent',
  'attendance.status.none': 'Not held yet',
  'attendance.student': 'Student',
  'attendance.rate': 'Attendance rate',
  'attendance.grid': "The class's attendance",
  'attendance.noStudents': 'The class has no students yet.',
  'attendance.noLessons': 'The class has no lessons yet.',
  'attendance.exportCsv': 'Export CSV',
  'attendance.exportXlsx': 'Export Excel',
  'attendance.lesson': 'Lesson',
  'attendance.firstJoin': 'Joined',
  'attendance.lastLeave': 'Left',
  'attendance.minutes': 'Minutes',
  'attendance.status': 'Status',
  'attendance.reported': 'From Zoom: {status}',
  'attendance.correctedBy': 'Corrected by {name}',
  'attendance.correct': 'Correct the status of {name}',
  'attendance.fromProvider': "From Zoom's data",
  'attendance.rule':
    'Present from {percent}% of the lesson; late when joining after {minutes} minutes.',
  'attendance.notBegun': 'The lesson has not taken place yet.',
  'attendance.mine': 'Your attendance',
  'attendance.minutesValue': '{minutes} min',
};
