// profile.ts in English, key for key (the type requires every key; a test checks the placeholders).
// Loaded only for users who chose English.
import type { profileTexts } from './profile.ts';

export const profileTextsEn: Record<keyof typeof profileTexts, string> = {
  // Right sidebar and profile
  'profile.notifications': 'Notifications',
  'profile.noNotifications': 'No new notifications',
  'profile.edit': 'Edit profile',
  'profile.logout': 'Sign out',
  'profile.title': 'Profile',
  'profile.language': 'Language',
  'profile.fullName': 'Full name',
  'profile.email': 'Email',
  'profile.save': 'Save',
  'profile.avatar': 'Avatar',
  'profile.uploadAvatar': 'Upload picture',
  'profile.changePassword': 'Change password',
  'profile.uploadError': 'Upload error',
  'profile.fileTooLarge': 'File too large',
  'profile.wrongFormat': 'Wrong format',
};
