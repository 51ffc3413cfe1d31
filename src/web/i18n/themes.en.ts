// themes.ts in English, key for key (the type requires every key; a test checks the placeholders).
// Loaded only for users who chose English.
import { themeTabNames, type themeTexts } from './themes.ts';

export const themeTextsEn: Record<keyof typeof themeTexts, string> = {
  ...themeTabNames,
  // Theme manager
  'themes.dialogTitle': 'Theme management',
  'themes.create': 'New theme',
  'themes.edit': 'Edit theme',
  'themes.apply': 'Apply',
  'themes.applied': 'In use',
  'themes.default': 'Default',
  'themes.name': 'Theme name',
  'themes.description': 'Description',
  'themes.back': 'Back',
  'themes.save': 'Save theme',
  'themes.cannotDeleteActive': 'The theme in use cannot be deleted',
  'themes.cannotDeleteDefault': 'The default theme cannot be deleted',
  'themes.deleteTitle': 'Delete theme',
  'themes.deleteMessage': 'Delete the theme {name}? This cannot be undone.',
  'themes.savedCreate': 'Theme {name} created.',
  'themes.savedEdit': 'Theme {name} saved.',
  'themes.appliedMessage': 'Theme {name} applied.',
  'themes.deleted': 'Theme {name} deleted.',
};
