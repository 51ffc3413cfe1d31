// The Audit page (issue 30, admin): who changed what, when and from where, filtered by person,
// kind of record and dates, newest first, exported as a spreadsheet. Reached from Settings →
// Security ('Nhật ký thay đổi').
import { Button, Group, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { AUDIT_RECORD_TYPES } from '#common/audit-records.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { ListPagination } from '#web/components/list-pagination.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { t } from '#web/i18n/index.ts';
import { type AuditSearch, auditQuery, useAuditLog, usePeopleMatching } from './api.ts';
import { typeText } from './entry-parts.tsx';
import { EntryTable } from './entry-table.tsx';

export default function AuditPage() {
  const [search, setSearch] = useState<AuditSearch>({
    person: null,
    recordType: null,
    from: '',
    to: '',
  });
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed, 250);
  const people = usePeopleMatching(q);
  const log = useAuditLog(search, page);
  const change = (part: Partial<AuditSearch>) => {
    setSearch((was) => ({ ...was, ...part }));
    setPage(1);
  };
  return (
    <Stack gap="md">
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('audit.person')}
          placeholder={t('audit.personPlaceholder')}
          data={(people.data ?? []).map((p) => ({
            value: p.user_id,
            label: `${p.full_name} (${p.email})`,
          }))}
          value={search.person}
          onChange={(value) => change({ person: value })}
          searchValue={typed}
          onSearchChange={setTyped}
          filter={({ options }) => options}
          searchable
          clearable
          nothingFoundMessage={t('common.nothingFound')}
          w={280}
        />
        <Select
          label={t('audit.recordType')}
          placeholder={t('audit.allTypes')}
          data={AUDIT_RECORD_TYPES.map((type) => ({ value: type, label: typeText(type) }))}
          value={search.recordType}
          onChange={(value) => change({ recordType: value })}
          clearable
          w={220}
        />
        <DateField
          label={t('audit.from')}
          value={search.from}
          onChange={(from) => change({ from })}
          clearable
          w={160}
        />
        <DateField
          label={t('audit.to')}
          value={search.to}
          onChange={(to) => change({ to })}
          clearable
          w={160}
        />
        <Button
          component="a"
          href={`/api/audit/export?${auditQuery(search)}&format=xlsx`}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t('audit.export')}
        </Button>
      </Group>
      {log.data ? (
        <>
          <EntryTable entries={log.data.items} label={t('audit.title')} />
          <ListPagination list={log.data} page={page} onChange={setPage} />
        </>
      ) : (
        <QueryState query={log} errorMessage={t('audit.loadFailed')} />
      )}
    </Stack>
  );
}
