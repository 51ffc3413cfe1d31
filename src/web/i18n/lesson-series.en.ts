// lesson-series.ts in English, key for key (the type requires every key; a test checks the
// placeholders). Loaded only for users who chose English.
import type { lessonSeriesTexts } from './lesson-series.ts';

export const lessonSeriesTextsEn: Record<keyof typeof lessonSeriesTexts, string> = {
  // Lesson series
  'series.add': 'Add a series of lessons',
  'series.topicPattern': 'Topic pattern',
  'series.topicPatternHint': 'Use {n} for the lesson number, for example Unit {n}',
  'series.weekdays': 'Weekdays',
  'series.weekday.1': 'Mon',
  'series.weekday.2': 'Tue',
  'series.weekday.3': 'Wed',
  'series.weekday.4': 'Thu',
  'series.weekday.5': 'Fri',
  'series.weekday.6': 'Sat',
  'series.weekday.7': 'Sun',
  'series.startTime': 'Start time',
  'series.duration': 'Length (minutes)',
  'series.firstDate': 'First date',
  'series.endsBy': 'Ends',
  'series.endsByCount': 'After a number of lessons',
  'series.endsByDate': 'On a date',
  'series.count': 'Number of lessons',
  'series.endDate': 'End date',
  'series.preview': 'Preview',
  'series.back': 'Back',
  'series.summary':
    '{ok, plural, one {# lesson} other {# lessons}} will be created, {clashes, plural, one {# clashes or is in the past} other {# clash or are in the past}}.',
  'series.stoppedAtClassEnd':
    "The class ends before that many lessons: the series stops at the class's end date.",
  'series.position': '#',
  'series.when': 'When',
  'series.status': 'Status',
  'series.ok': 'Will be created',
  'series.clash.past': 'In the past',
  'series.clash.class': 'Clashes with another lesson of the class',
  'series.clash.teacher': 'Teacher busy ({className})',
  'series.onClash': 'When lessons clash',
  'series.onClash.skip': 'Leave out the clashing lessons and create the others',
  'series.onClash.refuse': 'Create nothing if any lesson clashes',
  'series.create': 'Create {count, plural, one {# lesson} other {# lessons}}',
  'series.lessonsTable': 'Lessons of the series',
  'series.editFollowing': 'Edit this and following lessons',
  'series.editFollowingNamed': 'Edit {topic} and following lessons',
  'series.deleteFollowing': 'Delete this and following lessons',
  'series.deleteFollowingNamed': 'Delete {topic} and following lessons',
  'series.deleteFollowingMessage':
    'Delete {topic} and the lessons after it in the series that have not started? This cannot be undone.',
  'series.editHint':
    'Only lessons that have not started change; each keeps its date. A field left empty stays as it is.',
  'series.saveFollowing': 'Save changes',
  'series.badge': 'Series · lesson {n}',
  'series.summaryClosed':
    '{ok, plural, one {# lesson} other {# lessons}} will be created, {clashes, plural, one {# clashes or is past} other {# clash or are past}}, {closed, plural, one {# on a closed day is} other {# on closed days are}} left out.',
  'series.closedDay': 'Closed: {name}',
  'series.keepOnClosedDay': 'Keep',
  'series.keepOnClosedDayNamed': 'Keep the lesson on {date} ({name})',
};
