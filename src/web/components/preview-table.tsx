// The table of a preview before a bulk write (a lesson series, an import): striped rows under a
// header that stays in view while the rows scroll.
import { ScrollArea, Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function PreviewTable({
  label,
  headers,
  maxHeight,
  children,
}: {
  label: string;
  headers: string[];
  maxHeight: number;
  children: ReactNode;
}) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto">
      <Table striped stickyHeader aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
