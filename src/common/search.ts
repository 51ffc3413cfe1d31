// Finding things as Vietnamese users type (product.md, Deviations): 'tran' finds 'Trần', 'duc' finds
// 'Đức'. The one fold, used by the server (the stored search columns and the typed query) and by
// the web (pickers that filter what they already hold), so both sides agree on what matches.
import { z } from 'zod';
import { codes } from './messages.ts';
import { foldForSearch, MAX_SEARCH_LENGTH } from './search-fold.ts';

export { foldForSearch, MAX_SEARCH_LENGTH, matchesSearch } from './search-fold.ts';

/** The `q` of a list: folded once here; empty means no search. */
export const searchQuery = z
  .string()
  .max(MAX_SEARCH_LENGTH, codes.VALIDATION)
  .optional()
  .transform((typed) => (typed ? foldForSearch(typed) || undefined : undefined));

/** `name` by name A→Z, `-name` Z→A, `created_at` oldest first, `-created_at` newest first… */
export function sortOrders<const Key extends string>(keys: readonly Key[]) {
  return keys.flatMap((key) => [key, `-${key}`] as const) as (Key | `-${Key}`)[];
}

/** A list's `sort` parameter among its keys, `fallback` when absent. */
export function sortQuery<const Key extends string>(
  keys: readonly Key[],
  fallback: Key | `-${Key}`,
) {
  const orders = sortOrders(keys) as [Key | `-${Key}`, ...(Key | `-${Key}`)[]];
  return z
    .enum(orders, { error: codes.VALIDATION })
    .optional()
    .default(fallback as never);
}

/** The key and direction of a sort value. */
export function sortParts<Key extends string>(sort: Key | `-${Key}`) {
  const descending = sort.startsWith('-');
  return {
    key: (descending ? sort.slice(1) : sort) as Key,
    direction: descending ? ('desc' as const) : ('asc' as const),
  };
}

export const USER_SORT_KEYS = ['name', 'created_at'] as const;
export const CLASS_SORT_KEYS = ['name', 'created_at'] as const;
export const LESSON_SORT_KEYS = ['name', 'start_time'] as const;
export const HOST_ACCOUNT_SORT_KEYS = ['name', 'created_at'] as const;
export type UserSort = ReturnType<typeof sortOrders<(typeof USER_SORT_KEYS)[number]>>[number];
export type ClassSort = ReturnType<typeof sortOrders<(typeof CLASS_SORT_KEYS)[number]>>[number];
export type LessonSort = ReturnType<typeof sortOrders<(typeof LESSON_SORT_KEYS)[number]>>[number];
export type HostAccountSort = ReturnType<
  typeof sortOrders<(typeof HOST_ACCOUNT_SORT_KEYS)[number]>
>[number];
