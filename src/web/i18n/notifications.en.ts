// notifications.ts in English, key for key (the type requires every key; a test checks the
// placeholders). Loaded only for users who chose English.
import type { notificationTypeTexts } from './notification-types.ts';
import type { notificationTexts } from './notifications.ts';

export const notificationTextsEn: Record<
  keyof typeof notificationTexts | keyof typeof notificationTypeTexts,
  string
> = {
  'notifications.unread':
    '{count, plural, one {# unread notification} other {# unread notifications}}',
  'notifications.markAllRead': 'Mark all as read',
  'notifications.markRead': 'Mark as read',
  'notifications.join': 'Join',
  'notifications.enableSystem': 'Turn on desktop notifications',
  'notifications.systemBlocked': "The browser is blocking this site's notifications.",
  'notifications.loadFailed': 'Could not load notifications.',
  'notifications.lesson_starting_soon.title': 'Lesson starting soon',
  'notifications.lesson_starting_soon.body': '{class_name}: {topic} starts at {time}.',
  'notifications.lesson_started.title': 'Lesson started',
  'notifications.lesson_started.body': '{class_name}: {topic} is in progress.',
  'notifications.enrolled.title': 'You were added to a class',
  'notifications.enrolled.body': 'Class {class_name}, starting {date}.',
  'notifications.lesson_moved.title': 'Schedule changed',
  'notifications.lesson_moved.body': '{class_name}: {topic} moved from {time} to {new_time}.',
  'notifications.lesson_moved.bodyMore':
    '{class_name}: {topic} moved from {time} to {new_time}, with {more, plural, one {# lesson} other {# lessons}} after it.',
  'notifications.lesson_cancelled.title': 'Lesson cancelled',
  'notifications.lesson_cancelled.body': '{class_name}: {topic} at {time} was cancelled.',
  'notifications.lesson_cancelled.bodyMore':
    '{class_name}: {topic} at {time} was cancelled, with {more, plural, one {# lesson} other {# lessons}} after it.',
  'notifications.lesson_rescheduled.title': 'Lesson moved',
  'notifications.lesson_rescheduled.body': '{class_name}: {topic} moved from {time} to {new_time}.',
  'notifications.lesson_cancelled_with_reason.title': 'Lesson cancelled',
  'notifications.lesson_cancelled_with_reason.body':
    '{class_name}: {topic} at {time} was cancelled. Reason: {reason}',
  'notifications.email_changed.title': 'Your sign-in email was changed',
  'notifications.email_changed.body':
    'Your sign-in email was changed from {old_email} to {new_email}. Sign in with {new_email} from now on.',
  'notifications.invoice_issued.title': 'New tuition invoice',
  'notifications.invoice_issued.body': '{number} ({class_name}): {amount}, due {date}.',
  'notifications.invoice_due_soon.title': 'Tuition due soon',
  'notifications.invoice_due_soon.body': '{number}: {amount} to pay, due {date}.',
  'notifications.invoice_overdue.title': 'Tuition overdue',
  'notifications.invoice_overdue.body': '{number}: {amount} to pay, was due {date}.',
  'notifications.substitute_given.title': 'You are covering a lesson',
  'notifications.substitute_given.body': '{class_name}: {topic} at {time}.',
  'notifications.substitute_given.bodyMore':
    '{class_name}: {topic} at {time}, with {more, plural, one {# lesson} other {# lessons}} after it.',
  'notifications.substitute_taken_back.title': 'A lesson you covered was taken back',
  'notifications.substitute_taken_back.body':
    'You no longer cover {class_name}: {topic} at {time}.',
  'notifications.substitute_taken_back.bodyMore':
    'You no longer cover {class_name}: {topic} at {time}, with {more, plural, one {# lesson} other {# lessons}} after it.',
  'notifications.lesson_covered.title': 'A substitute covers your lesson',
  'notifications.lesson_covered.body':
    '{class_name}: {topic} at {time} is covered by {substitute}.',
  'notifications.lesson_covered.bodyMore':
    '{class_name}: {topic} at {time} is covered by {substitute}, with {more, plural, one {# lesson} other {# lessons}} after it.',
  'notifications.lesson_given_back.title': 'A lesson is yours again',
  'notifications.lesson_given_back.body':
    '{class_name}: {topic} at {time} no longer has a substitute.',
  'notifications.lesson_given_back.bodyMore':
    '{class_name}: {topic} at {time} no longer has a substitute, with {more, plural, one {# lesson} other {# lessons}} after it.',
  'notifications.openTuition': 'View tuition',
  'notifications.makeup_booked.title': 'Make-up lesson booked',
  'notifications.makeup_booked.body': 'Your make-up in {class_name}: {topic} at {time}.',
  'notifications.makeup_released.title': 'Make-up lesson cancelled',
  'notifications.makeup_released.body':
    '{class_name}: {topic} at {time} was cancelled; your make-up credit is back.',
  'notifications.lesson_report.title': 'New lesson report',
  'notifications.lesson_report.body':
    '{class_name}: {topic} at {time}. See what it covered and the homework.',
  'notifications.lesson_report.bodyChild':
    '{child}, {class_name}: {topic} at {time}. See what it covered and the homework.',
  'notifications.openLessonReports': 'See the report',
  'notifications.child_absent.title': 'Your child was absent',
  'notifications.child_absent.body': '{child} was absent from {class_name}: {topic} at {time}.',
  'notifications.backup_failed.title': 'A backup failed',
  'notifications.backup_failed.body': 'The backup of {time} failed: {error}',
  'notifications.forChild': '{child} – {text}',
};
