// Parents' codes in English (parent-messages.ts holds the Vietnamese).
import type { parentMessages } from './parent-messages.ts';

export const parentMessagesEn: Record<keyof typeof parentMessages, string> = {
  PARENT_LIMIT: 'A student has at most two parents.',
  PARENT_CHILD_NOT_STUDENT: 'Only a student can be linked to a parent.',
  PARENT_NOT_PARENT: 'This account is not a parent.',
  PARENT_EMAIL_OF_PARENT:
    'The parent {email} already has an account: pick them from the list of parents to link them.',
  PARENT_CREATED:
    "The parent's account was created and linked to the student. Password: {password}",
  PARENT_LINKED: 'The parent was linked to the student.',
  PARENT_ALREADY_LINKED: 'This parent is already linked to the student.',
  PARENT_UNLINKED: 'The parent was unlinked.',
  PARENT_NOT_LINKED: 'This parent is not linked to the student.',
  IMPORT_PARENTS_STUDENTS_ONLY: 'Parents can only be imported with students.',
};
