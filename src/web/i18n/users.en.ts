// users.ts in English, key for key (the type requires every key; a test checks the placeholders).
// Loaded only for users who chose English.
import type { userTexts } from './users.ts';

export const userTextsEn: Record<keyof typeof userTexts, string> = {
  // Users management
  'users.students.title': 'Student management',
  'users.teachers.title': 'Teacher management',
  'users.staffs.title': 'Staff management',
  'users.students.add': 'Add student',
  'users.teachers.add': 'Add teacher',
  'users.staffs.add': 'Add staff',
  'users.col.number': 'No.',
  'users.col.avatar': 'Avatar',
  'users.col.fullName': 'Full name',
  'users.col.email': 'Email',
  'users.col.role': 'Role',
  'users.col.status': 'Status',
  'users.col.created': 'Created',
  'users.col.actions': 'Actions',
  'users.empty': 'No accounts yet.',
  'users.detail.title': 'Account details',
  'users.firstPassword.issue': 'Issue a new password',
  'users.firstPassword.confirm':
    "Issue a new password for {email}? The current password stops working, all of the account's sessions end, and the user must change the password within {hours} hours.",
  'users.firstPassword.issued': 'New password for {email}:',
  'users.firstPassword.hint':
    'The password is shown only once. Send it to the user; they must change it within {hours} hours.',
  'users.firstPassword.failed': 'Could not issue a new password',
  'common.copy': 'Copy',
  'classStudents.title': 'My students',
  'classStudents.subtitle': 'Students of the classes you teach',
  'classStudents.col.classes': 'Classes',
  'classStudents.empty': 'Your classes have no students yet.',
  'common.loadFailed': 'Could not load the data.',
  'common.copiedPassword': 'Password copied',
  'users.add.fullName': 'Full name',
  'users.add.email': 'Email',
  'users.add.submit': 'Create account',
  'users.add.created': 'Account created! Default password: {password}',
  'users.add.createdHint':
    'Send this password to the user; they will have to change it at their first sign-in.',
  'users.delete.title': 'Delete account',
  'users.delete.message': 'Do you really want to delete the account {name}? This cannot be undone.',
  'users.delete.done': 'Account {name} deleted.',
  'users.deleteLabel': 'Delete {name}',
  'users.handOver.loading': 'Loading the teacher’s classes…',
  'users.handOver.intro':
    '{name} teaches {count, plural, one {# active class. Hand it} other {# active classes. Hand them}} to another teacher before deleting:',
  'users.handOver.listLabel': 'Active classes',
  'users.handOver.pending': '{count, plural, one {# lesson to come} other {# lessons to come}}',
  'users.handOver.to': 'Hand over to',
  'users.handOver.toPlaceholder': 'Choose the teacher who takes the classes',
  'users.handOver.submit': 'Hand over',
  'users.handOver.orDelete': 'Deleting now deactivates these classes. This cannot be undone.',
  'users.createFailed': 'An error occurred while creating the {role}',
  'export.csv': 'Export CSV',
  'export.xlsx': 'Export Excel',
};
