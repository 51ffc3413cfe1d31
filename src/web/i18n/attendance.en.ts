// attendance.ts in English, key for key (the type requires every key; a test checks the
// placeholders). Loaded only for users who chose English.
import type { attendanceTexts } from './attendance.ts';

export const attendanceTextsEn: Record<keyof typeof attendanceTexts, string> = {
  'attendance.status.present': 'Present',
  'attendance.status.late': 'Late',
  'attendance.status.absent': 'Absent',
  'attendance.status.excused': 'Excused',
  'attendance.status.none': 'Not held yet',
  'attendance.status.unmarked': 'Not taken',
  'attendance.student': 'Student',
  'attendance.rate': 'Attendance rate',
  'attendance.grid': "The class's attendance",
  'attendance.noStudents': 'The class has no students yet.',
  'attendance.noLessons': 'The class has no lessons yet.',
  'attendance.exportCsv': 'Export CSV',
  'attendance.exportXlsx': 'Export Excel',
  'attendance.lesson': 'Lesson',
  'attendance.reported': 'From Zoom: {status}',
  'attendance.stay': 'joined {from}, left {to}',
  'attendance.rule':
    'Present from {percent}% of the lesson; late when joining after {minutes, plural, one {# minute} other {# minutes}}.',
  'attendance.mine': 'Your attendance',
  'attendance.report.pending':
    "Waiting for Zoom's report to reconcile attendance (a few minutes after the lesson ends).",
  'attendance.report.done': "Reconciled with Zoom's report at {time}",
  'attendance.report.unavailable':
    'The Zoom account has no reports: attendance follows the webhook events',
  'attendance.report.failed':
    "Zoom's report could not be read: attendance follows the webhook events",
  'attendance.minutesValue': '{minutes} min',
  'attendance.markLesson': 'Attendance',
  'attendance.markLessonOf': 'Take attendance for {topic}',
  'attendance.markTitle': 'Attendance: {topic}',
  'attendance.marking': "The lesson's attendance",
  'attendance.choice.present': 'Present',
  'attendance.choice.late': 'Late',
  'attendance.choice.absent': 'Absent',
  'attendance.choice.excused': 'Excused',
  'attendance.markOf': 'Attendance of {name}',
  'attendance.allPresent': 'All present',
  'attendance.unmarkedCount':
    '{count, plural, one {# student not marked yet} other {# students not marked yet}}',
  'attendance.allMarked': 'Every student has a status.',
  'attendance.byHand': 'Marked by hand · {name}',
  'attendance.markedByHand': 'Marked by hand',
  'attendance.unmark': 'Remove the mark by hand for {name}',
  'attendance.saving': 'Saving…',
  'attendance.saved': 'Saved',
  'attendance.saveFailed': 'Not saved: {reason}',
  'attendance.retry': 'Try again',
  'attendance.notYet': 'The lesson has not started: attendance can be taken from {time}.',
  'attendance.notMarkable': 'Attendance cannot be taken for this lesson.',
};
