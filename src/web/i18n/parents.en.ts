// The parents' texts in English, key for key with parents.ts.
import type { parentTexts } from './parents.ts';

export const parentTextsEn: Record<keyof typeof parentTexts, string> = {
  'parents.section': 'Parents',
  'parents.none': 'No parent is linked yet.',
  'parents.add': 'Add a parent',
  'parents.limit': 'A student has at most two parents.',
  'parents.mode.new': 'New account',
  'parents.mode.existing': 'Pick an existing parent',
  'parents.fullName': "Parent's full name",
  'parents.email': 'Email',
  'parents.phone': 'Phone',
  'parents.phoneHint': 'Optional, e.g. 0912 345 678',
  'parents.create': 'Create and link',
  'parents.search': 'Find a parent',
  'parents.searchPlaceholder': 'Type a name or an email',
  'parents.link': 'Link',
  'parents.noMatch': 'No parent found',
  'parents.unlink': 'Unlink',
  'parents.unlinkLabel': 'Unlink {name}',
  'parents.unlinkConfirm':
    "Unlink {parent} from the student {student}? The parent's account is kept.",
  'parents.created': "The parent's account {email} was created. First sign-in password:",
  'parents.done': 'Done',
  'parents.failed': 'The parent could not be saved',
  'parents.page.title': 'Parents',
  'parents.page.subtitle': "Parents are added from a student's details or in an import.",
  'parents.col.children': 'Children',
  'parents.noChildren': 'Not linked',
  'parents.empty': 'No parents yet',
};
