// The shared searchable select (product.md §2): type to filter, arrow keys to move, Enter to pick.
// Filtering folds accents as the server does ('tran' finds 'Trần', 'duc' finds 'Đức').
import {
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
  Select,
  type SelectProps,
} from '@mantine/core';
import { matchesSearch } from '#common/search-fold.ts';
import { t } from '#web/i18n/index.ts';

/** Mantine's options filter, without accents: for every picker that filters what it holds. */
export const foldingFilter: OptionsFilter = ({ options, search }) =>
  options.flatMap((option): ComboboxParsedItem[] => {
    if ('group' in option) {
      const items = option.items.filter((item: ComboboxItem) => matchesSearch(item.label, search));
      return items.length ? [{ ...option, items }] : [];
    }
    return matchesSearch(option.label, search) ? [option] : [];
  });

export function SearchableSelect(props: SelectProps) {
  return (
    <Select
      searchable
      clearable
      filter={foldingFilter}
      nothingFoundMessage={t('common.nothingFound')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
