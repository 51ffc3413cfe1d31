// Pages of later issues. Vietnamese; the English is beside it in coming-soon.en.ts, key for key.

export const comingSoonTexts = {
  // Placeholders
  'liveRoom.title': 'Live Room',
  'liveRoom.subtitle': 'Practice English anytime, anywhere',
  'liveRoom.comingSoon': 'Coming Soon',
} as const;
