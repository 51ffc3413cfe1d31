// A list of audit entries as a table (a card per entry on a phone): when, who, from where, the
// action and the record, the fields before → after.
import { Table, Text } from '@mantine/core';
import type { AuditEntryDto } from '#common/audit.ts';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { actionText, ChangeList, typeText } from './entry-parts.tsx';

export function EntryTable({ entries, label }: { entries: AuditEntryDto[]; label: string }) {
  if (entries.length === 0) return <Text c="dimmed">{t('audit.empty')}</Text>;
  return (
    <ResponsiveTable cardsOnPhone minWidth={760}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit.when')}</Table.Th>
            <Table.Th>{t('audit.who')}</Table.Th>
            <Table.Th>{t('audit.ip')}</Table.Th>
            <Table.Th>{t('audit.action')}</Table.Th>
            <Table.Th>{t('audit.changes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.audit_id}>
              <Table.Td data-label={t('audit.when')} style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(entry.at)}
              </Table.Td>
              <Table.Td data-label={t('audit.who')}>
                {entry.actor_name ?? t('audit.system')}
              </Table.Td>
              <Table.Td data-label={t('audit.ip')}>{entry.actor_ip ?? '–'}</Table.Td>
              <Table.Td data-label={t('audit.action')}>
                {actionText(entry.action)}
                <Text size="xs" c="dimmed">
                  {typeText(entry.record_type)}
                </Text>
              </Table.Td>
              <Table.Td data-label={t('audit.changes')}>
                <ChangeList entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
