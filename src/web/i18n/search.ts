// The search box and sort of every list (product.md, Deviations). Vietnamese; the English is beside it
// in search.en.ts, key for key.

export const searchTexts = {
  'search.label': 'Tìm kiếm',
  'search.placeholder': 'Gõ tên, không cần dấu',
  'search.sort': 'Sắp xếp',
  'search.sort.newest': 'Mới nhất',
  'search.sort.oldest': 'Cũ nhất',
  'search.sort.nameAsc': 'Tên A → Z',
  'search.sort.nameDesc': 'Tên Z → A',
  'search.sort.latestLesson': 'Buổi học muộn nhất',
  'search.sort.earliestLesson': 'Buổi học sớm nhất',
  'search.sort.classAsc': 'Tên lớp A → Z',
  'search.sort.classDesc': 'Tên lớp Z → A',
  'search.sort.emailAsc': 'Email A → Z',
  'search.sort.emailDesc': 'Email Z → A',
} as const;
