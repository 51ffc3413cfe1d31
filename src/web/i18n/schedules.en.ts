// English for schedules.ts, key for key.
import type { scheduleTexts } from './schedules.ts';

export const scheduleTextsEn: Record<keyof typeof scheduleTexts, string> = {
  'schedules.view.label': 'View',
  'schedules.view.list': 'List',
  'schedules.view.week': 'Week',
  'schedules.period.label': 'Dates',
  'schedules.period.week': 'By week',
  'schedules.period.range': 'Date range',
  'schedules.period.all': 'All dates',
  'schedules.week.previous': 'Previous week',
  'schedules.week.next': 'Next week',
  'schedules.week.today': 'Today',
  'schedules.week.range': '{from} – {to}',
  'schedules.week.empty': 'No lessons this week.',
  'schedules.week.more':
    'This week has more than {limit, plural, one {# lesson} other {# lessons}}: only the first {limit} are shown. Filter by teacher or class.',
  'schedules.day.empty': 'No lessons',
  'schedules.from': 'From',
  'schedules.to': 'To',
  'schedules.class': 'Class',
  'schedules.teacher': 'Teacher',
  'schedules.anyClass': 'All classes',
  'schedules.anyTeacher': 'All teachers',
  'schedules.room': 'Room',
  'schedules.anyRoom': 'All rooms',
  'schedules.clearFilters': 'Clear filters',
};
