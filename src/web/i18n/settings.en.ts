// settings.ts in English, key for key (the type requires every key; a test checks the
// placeholders). Loaded only for users who chose English.
import type { settingsTexts } from './settings.ts';

export const settingsTextsEn: Record<keyof typeof settingsTexts, string> = {
  // Settings (product.md §2)
  'settings.title': 'System Settings',
  'settings.subtitle': "Manage the center's theme and system configuration",
  'settings.currentTheme': 'Theme: {name}',
  'settings.center.title': 'Center information',
  'settings.center.text': "The center's name and logo",
  'settings.theme.title': 'Theme management',
  'settings.theme.text': 'Create, edit and apply colour palettes',
  'settings.users.title': 'Users',
  'settings.security.title': 'Security',
  'settings.notifications.title': 'Notifications',
  'settings.system.title': 'System',
  'settings.open': 'Open',
  // Center settings dialog
  'center.dialogTitle': 'Center information',
  'center.name': 'Center name',
  'center.logo': 'Logo',
  'center.uploadLogo': 'Choose logo',
  'center.noLogo': 'No logo yet',
};
