// coming-soon.ts in English, key for key (the type requires every key; a test checks the
// placeholders). Loaded only for users who chose English.
import type { comingSoonTexts } from './coming-soon.ts';

export const comingSoonTextsEn: Record<keyof typeof comingSoonTexts, string> = {
  // Placeholders
  'library.title': 'Library',
  'library.comingSoon': 'Coming Soon',
  'library.text': 'Digital Library feature is under development and will be available soon.',
  'liveRoom.title': 'Live Room',
  'liveRoom.subtitle': 'Practice English anytime, anywhere',
  'liveRoom.comingSoon': 'Coming Soon',
};
