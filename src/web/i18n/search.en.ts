// search.ts in English, key for key (the type requires every key; a test checks the
// placeholders). Loaded only for users who chose English.
import type { searchTexts } from './search.ts';

export const searchTextsEn: Record<keyof typeof searchTexts, string> = {
  'search.label': 'Search',
  'search.placeholder': 'Type a name, accents optional',
  'search.sort': 'Sort by',
  'search.sort.newest': 'Newest first',
  'search.sort.oldest': 'Oldest first',
  'search.sort.nameAsc': 'Name A → Z',
  'search.sort.nameDesc': 'Name Z → A',
  'search.sort.latestLesson': 'Latest lesson first',
  'search.sort.earliestLesson': 'Earliest lesson first',
  'search.sort.classAsc': 'Class name A → Z',
  'search.sort.classDesc': 'Class name Z → A',
  'search.sort.emailAsc': 'Email A → Z',
  'search.sort.emailDesc': 'Email Z → A',
};
