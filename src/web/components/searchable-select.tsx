// The shared searchable select (product.md §2): type to filter, arrow keys to move, Enter to pick.
import { Select, type SelectProps } from '@mantine/core';
import { t } from '#web/i18n/index.ts';

export function SearchableSelect(props: SelectProps) {
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={t('common.nothingFound')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
