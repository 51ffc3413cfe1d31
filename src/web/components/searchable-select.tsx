// The shared searchable select (product.md §2): type to filter, arrow keys to move, Enter to pick.
import { Select, type SelectProps } from '@mantine/core';

export function SearchableSelect(props: SelectProps) {
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage="Không tìm thấy"
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
