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
  // A theme from one colour
  'themes.primaryColor': 'Primary colour',
  'themes.primaryColorHint':
    "The primary colour's ten shades are made from this colour; the picked colour is the buttons' colour (primary_600).",
  'themes.generatedShades': 'Generated shades',
  'themes.lowContrastTitle': 'White text is hard to read on this colour',
  'themes.lowContrast':
    'White text on the primary colour has a contrast of {ratio}:1; at least {minimum}:1 is needed to read it easily.',
  'themes.useDarker': 'Use the darker {color}',
  'themes.advanced': 'Advanced',
  'themes.advancedHint':
    'Every colour code of every colour group and of the backgrounds. Success, warning, error and gray start from the defaults.',
};
