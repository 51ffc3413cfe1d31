// The search box and sort above every paged list (product.md, Deviations). What is typed goes to the
// server after a pause (debounced), folded there ('tran' finds 'Trần'); a new search or sort
// starts again on page 1, so the pager never points past the results.
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { type MessageKey, t } from '#web/i18n/index.ts';

const DEBOUNCE_MS = 300;

export function useListSearch<Sort extends string>(fallback: Sort) {
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, DEBOUNCE_MS);
  const q = debounced.trim();
  const [sort, setSort] = useState<Sort>(fallback);
  const key = `${sort}|${q}`;
  const [paged, setPaged] = useState({ key, page: 1 });
  const page = paged.key === key ? paged.page : 1;
  return {
    typed,
    setTyped,
    q,
    sort,
    setSort,
    page,
    setPage: (next: number) => setPaged({ key, page: next }),
  };
}

export type ListSearch<Sort extends string> = ReturnType<typeof useListSearch<Sort>>;

/** The `q` and `sort` of a list's request, added to its other parameters. */
export function searchParams(
  search: { q: string; sort: string; page: number },
  more: Record<string, string> = {},
) {
  const params = new URLSearchParams({ page: String(search.page), sort: search.sort, ...more });
  if (search.q) params.set('q', search.q);
  return params;
}

export function ListSearchBar<Sort extends string>({
  search,
  sorts,
}: {
  search: {
    typed: string;
    setTyped: (typed: string) => void;
    sort: Sort;
    setSort: (sort: Sort) => void;
  };
  sorts: readonly { value: Sort; label: MessageKey }[];
}) {
  return (
    <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        flex="1 1 220px"
        type="search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search.typed}
        onChange={(event) => search.setTyped(event.currentTarget.value)}
      />
      {/* No sorts: a view with an order of its own (the Schedules page's week). */}
      {sorts.length > 0 && (
        <Select
          w={{ base: '100%', xs: 220 }}
          label={t('search.sort')}
          data={sorts.map((option) => ({ value: option.value, label: t(option.label) }))}
          value={search.sort}
          onChange={(value) => value && search.setSort(value as Sort)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Group>
  );
}

/** The sorts of the lists of people and classes. */
export const NAME_OR_DATE_SORTS = [
  { value: '-created_at', label: 'search.sort.newest' },
  { value: 'created_at', label: 'search.sort.oldest' },
  { value: 'name', label: 'search.sort.nameAsc' },
  { value: '-name', label: 'search.sort.nameDesc' },
] as const;
export type NameOrDateSort = (typeof NAME_OR_DATE_SORTS)[number]['value'];
