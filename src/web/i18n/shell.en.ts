// shell.ts in English, key for key (the type requires every key; a test checks the placeholders).
// Loaded only for users who chose English.
import { navigationNames, type shellTexts } from './shell.ts';

export const shellTextsEn: Record<keyof typeof shellTexts, string> = {
  ...navigationNames,
  // A lesson's state (product.md §4)
  'lesson.status.pending': 'Not started',
  'lesson.status.active': 'In progress',
  'lesson.status.completed': 'Finished',
  'lesson.status.overdue': 'Overdue',
  'common.pageOf': '{page} of {pages}',
  'common.nothingFound': 'Nothing found',
  'duration.hoursMinutes': '{hours} h {minutes} min',
  'duration.hours': '{hours} h',
  'duration.minutes': '{minutes} min',
  // Navigation (product.md §2)
  'nav.menu': 'Main menu',
  'nav.openMenu': 'Open menu',
  'nav.openUserMenu': 'Open user menu',
  'nav.mobileFallbackName': 'English Center',
  'nav.closedDays': 'Closed days',
  'motivation.title': 'Learn every day',
  'motivation.text': 'Every lesson brings you one step closer to your goal. Keep going!',
  // Roles
  'role.admin': 'Admin',
  'role.staff': 'Staff',
  'role.teacher': 'Teacher',
  'role.student': 'Student',
  // Sign-in
  'login.title': 'Sign in',
  'login.slogan': 'Learn English, connect the world',
  'login.email': 'Email',
  'login.password': 'Password',
  'login.submit': 'Sign in',
  'login.forgot': 'Forgot password?',
  'login.showPassword': 'Show password',
  'login.hidePassword': 'Hide password',
  // First sign-in
  'firstLogin.title': 'Change your first password',
  'firstLogin.text':
    'Your password was set by an administrator. Please choose a new password before you continue.',
  'password.new': 'New password',
  'password.confirm': 'Confirm new password',
  'password.submit': 'Change password',
  // Each language named in itself (the same in both catalogues), so either reader finds theirs.
  'language.vi': 'Tiếng Việt',
  'language.en': 'English',
  'chat.title': 'CHAT BOT AI',
  'chat.placeholder': 'Type a message...',
  'chat.send': 'Send message',
  'chat.input': 'Message to the chat bot',
  'chat.seed1': "Hello! I'm your English learning assistant. How can I help you today?",
  'chat.seed2': 'How do I use the present perfect tense?',
  'chat.seed3':
    'The present perfect (have/has + past participle) describes an action that happened and still matters now.',
  // Generic
  'common.success': 'Success',
  'common.error': 'Error',
  'common.confirm': 'Confirm',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.delete': 'Delete',
  'common.edit': 'Edit',
  'common.create': 'Create',
  'common.loading': 'Loading...',
  'common.processing': 'Processing...',
  'common.active': 'Active',
  'common.inactive': 'Locked',
  'common.comingSoon': 'Coming soon',
  'common.cannotUndo': 'This cannot be undone.',
  'common.page': 'Page',
  'common.previousPage': 'Previous page',
  'common.nextPage': 'Next page',
  'common.clear': 'Clear',
  // Named apart from a dialog's own 'Đóng' button, so the two are told apart by name.
  'common.closeNotification': 'Dismiss notification',
  'common.closeDialog': 'Dismiss dialog',
  'accessDenied.title': 'Access denied',
  'accessDenied.generic': 'You do not have access to this page.',
  'accessDenied.settings': 'Only an Admin can open the settings page.',
  'accessDenied.staff': 'Only administrators can manage staff accounts.',
  'accessDenied.students': 'Only Admin and Staff can manage students.',
  // Screens the login route can show before the rest of the catalogue has arrived
  'common.retry': 'Try again',
  'session.unavailableTitle': 'Your account could not be loaded yet',
  'session.unavailableText':
    'The server is not answering. You are still signed in; the page will try again in a few seconds.',
  'errorBoundary.chunkTitle': 'The page could not be loaded',
  'errorBoundary.renderTitle': 'The page ran into an error',
  'errorBoundary.renderMessage':
    'Something went wrong showing this page. Reload it or go back to the home page.',
  'errorBoundary.reload': 'Reload page',
  'errorBoundary.home': 'Home page',
};
