// people.ts in English, key for key (the type requires every key; a test checks the placeholders).
import type { peopleTexts } from './people.ts';

export const peopleTextsEn: Record<keyof typeof peopleTexts, string> = {
  'people.phone': 'Phone',
  'people.noPhone': 'None',
  'people.edit': 'Edit details',
  'people.edit.title': 'Edit the details of {name}',
  'people.edit.emailHint': 'This is the sign-in email: the person will sign in with the new one.',
  'people.edit.phoneHint': 'For example 0912 345 678 or +84 912 345 678. Leave empty if none.',
  'people.edit.roleHint': 'Only an admin can change a role.',
  'people.edit.handOver': 'Hand over classes',
  'users.handOver.none': '{name} no longer teaches any class. You can change the role.',
  'people.listedRole': 'List',
  'people.admins.title': 'Admin management',
  'people.admins.add': 'Add admin',
  'import.phoneColumn': 'Phone column (optional)',
  'import.noPhoneColumn': 'None',
  'import.verdict.invalid_phone': 'Invalid phone number',
};
