// The lesson reports' texts in English, key for key with lesson-reports.ts.
import type { lessonReportTexts } from './lesson-reports.ts';

export const lessonReportTextsEn: Record<keyof typeof lessonReportTexts, string> = {
  'lessonReports.title': 'Lesson reports',
  'lessonReports.subtitle.student':
    'What your past lessons covered, the homework and the notes for you.',
  'lessonReports.subtitle.parent':
    "Your children's lesson reports, their homework and the teachers' notes.",
  'lessonReports.subtitle.teacher':
    'The lessons you taught: reports written and reports still missing.',
  'lessonReports.subtitle.staff': 'Lessons held that have no report from their teacher yet.',
  'lessonReports.open': 'Lesson report',
  'lessonReports.openFor': 'Lesson report of {topic}',
  'lessonReports.covered': 'What the lesson covered',
  'lessonReports.homework': 'Homework',
  'lessonReports.homeworkHint': 'Optional.',
  'lessonReports.noHomework': 'No homework.',
  'lessonReports.notes': 'Notes per student',
  'lessonReports.noteFor': 'Note for {name}',
  'lessonReports.yourNote': 'Note for you',
  'lessonReports.childNote': 'Note for {name}',
  'lessonReports.noNote': 'No personal note.',
  'lessonReports.none': 'This lesson has no report yet.',
  'lessonReports.notHeld': 'The lesson has not been held yet: its report is written after it.',
  'lessonReports.write': 'Write the report',
  'lessonReports.edit': 'Edit the report',
  'lessonReports.save': 'Save the report',
  'lessonReports.writtenBy': 'Written by {name} at {time}',
  'lessonReports.updatedBy': 'last edited by {name} at {time}',
  'lessonReports.stateLabel': 'Reports',
  'lessonReports.state.missing': 'No report yet',
  'lessonReports.state.written': 'Report written',
  'lessonReports.state.all': 'All',
  'lessonReports.class': 'Class',
  'lessonReports.anyClass': 'Any class',
  'lessonReports.teacher': 'Teacher',
  'lessonReports.anyTeacher': 'Any teacher',
  'lessonReports.from': 'From',
  'lessonReports.to': 'To',
  'lessonReports.empty': 'No lessons here yet.',
  'lessonReports.emptyMissing': 'Every lesson held has its report.',
  'lessonReports.count': '{count, plural, one {# lesson} other {# lessons}}',
};
