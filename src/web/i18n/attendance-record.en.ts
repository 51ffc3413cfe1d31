// attendance-record.ts in English, key for key.
import type { attendanceRecordTexts } from './attendance-record.ts';

export const attendanceRecordTextsEn: Record<keyof typeof attendanceRecordTexts, string> = {
  'attendanceRecord.title': 'My attendance',
  'attendanceRecord.subtitle': 'Your attendance in all your classes',
  'attendanceRecord.section': 'Attendance in classes',
  'attendanceRecord.overall': 'Overall attendance rate: {rate}',
  'attendanceRecord.classRate': 'Attendance rate: {rate}',
  'attendanceRecord.leftOn': 'Left on {date}',
  'attendanceRecord.left': 'Left',
  'attendanceRecord.notYetIn': 'Not yet enrolled',
  'attendanceRecord.noClasses': 'No classes yet.',
  'attendanceRecord.noLessons': 'No lessons while in the class.',
  'attendanceRecord.endedEarly':
    'The lesson ended early at {time}: attendance is measured against the time it really ran.',
};
