// A parent's own pages in English, key for key with family.ts.
import type { familyTexts } from './family.ts';

export const familyTextsEn: Record<keyof typeof familyTexts, string> = {
  'family.greeting': 'Hello, {name}',
  'family.subtitle': "Your children's lessons, attendance and tuition",
  'family.noChildren':
    'Your account is not linked to any student yet. Please ask the center to link it.',
  'family.pickChild': 'Choose a child',
  'family.today': 'Today',
  'family.upcoming': 'Upcoming',
  'family.emptyToday': 'No lessons today.',
  'family.emptyUpcoming': 'No upcoming lessons yet.',
  'family.recentAttendance': 'Recent attendance',
  'family.noAttendance': 'No lesson has been marked yet.',
  'family.balance': 'Tuition',
  'family.owes': 'Owes {amount}',
  'family.credit': 'Credit of {amount}',
  'family.settled': 'Fully paid',
  'family.pay': 'View and pay',
  'family.openChild': 'Details',
  'family.classes': 'Classes: {classes}',
  'family.noClasses': 'In no class yet',
  'family.childTitle': 'My children',
  'family.childSubtitle': "Your child's classes, lessons, attendance and tuition",
  'family.tab.lessons': 'Lessons',
  'family.tab.attendance': 'Attendance',
  'family.tab.classes': 'Classes',
  'family.tab.tuition': 'Tuition',
  'family.pastLessons': 'Past lessons',
  'family.noLessons': 'No lessons yet.',
  'family.report': 'Report',
  'family.teacher': 'Teacher: {name}',
  'family.calendarHint':
    "Your children's lessons can be added to Google Calendar, Apple Calendar or Outlook from the Profile page (private calendar).",
};
