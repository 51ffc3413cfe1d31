// Pages of later issues. Vietnamese; the English is beside it in coming-soon.en.ts, key for key.

export const comingSoonTexts = {
  // Placeholders
  'library.title': 'Library',
  'library.comingSoon': 'Coming Soon',
  'library.text': 'Digital Library feature is under development and will be available soon.',
  'liveRoom.title': 'Live Room',
  'liveRoom.subtitle': 'Practice English anytime, anywhere',
  'liveRoom.comingSoon': 'Coming Soon',
} as const;
