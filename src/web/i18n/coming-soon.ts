// Pages of later issues. Both languages, key for key.

const vi = {
  // Placeholders
  'library.title': 'Library',
  'library.comingSoon': 'Coming Soon',
  'library.text': 'Digital Library feature is under development and will be available soon.',
  'liveRoom.title': 'Live Room',
  'liveRoom.subtitle': 'Practice English anytime, anywhere',
  'liveRoom.comingSoon': 'Coming Soon',
} as const;

const en: Record<keyof typeof vi, string> = {
  // Placeholders
  'library.title': 'Library',
  'library.comingSoon': 'Coming Soon',
  'library.text': 'Digital Library feature is under development and will be available soon.',
  'liveRoom.title': 'Live Room',
  'liveRoom.subtitle': 'Practice English anytime, anywhere',
  'liveRoom.comingSoon': 'Coming Soon',
};

export const comingSoonTexts = { vi, en };
