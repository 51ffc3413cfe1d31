// lessons.ts in English, key for key (the type requires every key; a test checks the placeholders).
// Loaded only for users who chose English.
import type { lessonTexts } from './lessons.ts';

export const lessonTextsEn: Record<keyof typeof lessonTexts, string> = {
  'lesson.editTopic': 'Edit topic',
  'lesson.editTopicNamed': 'Edit topic {topic}',
  'lesson.topicSaved': 'Lesson topic updated.',
  // Dashboard
  'dashboard.greeting': 'Hello, {name}!',
  'dashboard.subtitle': 'Have a productive day of learning and work.',
  'lesson.endNow': 'End lesson',
  'lesson.endNamed': 'End lesson {topic}',
  'lesson.endMessage': 'End the lesson {topic}? The Zoom meeting closes for everyone in it.',
  'lesson.endFailed': 'Failed to end the lesson',
  'lesson.topic': 'Topic',
  'lesson.description': 'Description',
  'lesson.start': 'Start',
  'lesson.end': 'End',
  'lesson.duration': 'Length: {duration}',
  'lesson.save': 'Add lesson',
  // Schedules page
  'schedules.title.teacher': 'My Teaching Schedule',
  'schedules.title.manager': 'Schedule Management',
  'schedules.tab.all': 'All',
  'schedules.tab.pending': 'Not started',
  'schedules.tab.active': 'In progress',
  'schedules.tab.completed': 'Finished',
  'schedules.filter': 'Filter by status',
  'schedules.notAssigned': 'not assigned',
  'schedules.students': '{count, plural, one {# student} other {# students}}',
  'schedules.session': 'Lesson {n}/{total}',
  'schedules.empty': 'No lessons.',
  // Dashboard lists
  'dashboard.today': 'Today',
  'dashboard.upcoming': 'Upcoming',
  'dashboard.emptyToday': 'No classes today',
  'dashboard.emptyUpcoming': 'No upcoming classes',
  'dashboard.todayTotal': '{count, plural, one {# lesson} other {# lessons}} today',
  'dashboard.todayByState': "Today's lessons by state",
  'dashboard.nextLessons': 'Next lessons',
  'dashboard.noMoreToday': 'No more lessons to come today',
  'dashboard.seeAllToday': 'See all',
  'dashboard.start': 'Start',
  'dashboard.join': 'Join',
  'dashboard.wait': 'Waiting to start',
  'dashboard.processing': 'Processing...',
  'dashboard.startsAt': 'Starts at {time}',
  'dashboard.startWindow':
    'A lesson can be started from {minutes, plural, one {# minute} other {# minutes}} before it begins.',
  // Pages of later issues
  'meeting.title': 'Meeting',
  'meeting.insecureTitle': 'HTTPS needed',
  'meeting.insecureMessage':
    "A lesson's sound and video work only over a secure (HTTPS) connection. This page was opened over HTTP, so the browser blocks the microphone, camera and video. Please open the app at its https:// address or ask the center's administrator to set up HTTPS.",
};
