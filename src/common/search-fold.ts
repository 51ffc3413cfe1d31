// The one fold of what is typed and what is searched (search.ts re-exports it, beside the lists'
// query schemas): the web's pickers use it without downloading zod.

/** Lower case, without tone and vowel marks, Đ/đ as d, spaces collapsed. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/đ/g, 'd')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `text` contains what was typed, folded the same way on both sides. */
export function matchesSearch(text: string, typed: string): boolean {
  return foldForSearch(text).includes(foldForSearch(typed));
}

export const MAX_SEARCH_LENGTH = 100;
