// The debts page (issue 27): who owes what, aged by days past due (not yet due, 1–30, 31–60, over
// 60), a totals row, filtered by class and searched by name, each student linked to their tuition
// account, exported to Excel (when the center lets staff export); and, for admin, the month's
// summary tab: invoiced, collected and outstanding per class, and the money received in the month.
import {
  Anchor,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { DEBTS_PAGE_SIZE, type DebtBucketsDto } from '#common/debts.ts';
import { hasPermission } from '#common/permissions.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { useMayExport } from '#web/features/settings/index.ts';
import { money, tuitionPathOf } from '#web/features/tuition/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDate } from '#web/lib/dates.ts';
import { debtQuery, useClassOptions, useDebts, useMonthSummary } from './api.ts';

const BUCKETS: { key: keyof DebtBucketsDto; label: Parameters<typeof t>[0] }[] = [
  { key: 'not_due', label: 'debts.notDue' },
  { key: 'overdue_1_30', label: 'debts.overdue1to30' },
  { key: 'overdue_31_60', label: 'debts.overdue31to60' },
  { key: 'overdue_over_60', label: 'debts.overdueOver60' },
];

const Amount = ({ value, strong }: { value: number; strong?: boolean }) => (
  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={strong ? 700 : undefined}>
    {value === 0 ? '–' : money(value)}
  </Table.Td>
);

function DebtsTab() {
  const role = useSession().data!.user.role;
  const mayExport = useMayExport(role);
  const [classId, setClassId] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed, 250);
  const [page, setPage] = useState(1);
  const classes = useClassOptions();
  const debts = useDebts({ classId, q, page });
  const list = debts.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / DEBTS_PAGE_SIZE)) : 1;
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('debts.class')}
          placeholder={t('debts.allClasses')}
          data={(classes.data ?? []).map((c) => ({ value: c.class_id, label: c.class_name }))}
          value={classId}
          onChange={(value) => {
            setClassId(value);
            setPage(1);
          }}
          searchable
          clearable
          nothingFoundMessage={t('common.nothingFound')}
          w={260}
        />
        <TextInput
          label={t('debts.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setPage(1);
          }}
          w={260}
        />
        {mayExport && (
          <Button
            component="a"
            href={`/api/debts/export?${debtQuery({ classId, q })}`}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('debts.export')}
          </Button>
        )}
      </Group>
      {list && (
        <Text size="sm" c="dimmed">
          {t('debts.asOf', { date: formatDate(list.today) })}
        </Text>
      )}
      {list && list.total === 0 ? (
        <Text>{t('debts.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover aria-label={t('debts.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('debts.student')}</Table.Th>
                <Table.Th>{t('debts.classes')}</Table.Th>
                <Table.Th ta="right">{t('debts.outstanding')}</Table.Th>
                {BUCKETS.map((bucket) => (
                  <Table.Th key={bucket.key} ta="right">
                    {bucket.key === 'not_due'
                      ? t(bucket.label)
                      : `${t('debts.overdueHeader')} ${t(bucket.label)}`}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list?.items.map((row) => (
                <Table.Tr key={row.student_id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      href={tuitionPathOf(row.student_id)}
                      aria-label={t('debts.openAccount', { name: row.student_name })}
                    >
                      {row.student_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.classes.map((c) => c.class_name).join(', ')}</Table.Td>
                  <Amount value={row.outstanding} strong />
                  {BUCKETS.map((bucket) => (
                    <Amount key={bucket.key} value={row[bucket.key]} />
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {list && (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={2}>{t('debts.total', { count: list.total })}</Table.Th>
                  <Amount value={list.totals.outstanding} strong />
                  {BUCKETS.map((bucket) => (
                    <Amount key={bucket.key} value={list.totals[bucket.key]} strong />
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}

/** This month in the center's zone as the browser sees it: 'YYYY-MM'. */
const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};
const recentMonths = () => {
  const now = new Date();
  return Array.from({ length: 24 }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  });
};

function SummaryTab() {
  const [period, setPeriod] = useState(thisMonth);
  const summary = useMonthSummary(period, true);
  const data = summary.data;
  return (
    <Stack gap="md">
      <Select
        label={t('debts.period')}
        data={recentMonths().map((m) => ({ value: m, label: `${m.slice(5)}/${m.slice(0, 4)}` }))}
        value={period}
        onChange={(value) => value && setPeriod(value)}
        allowDeselect={false}
        w={200}
      />
      {data && (
        <Group gap="xl">
          <Text>
            {t('debts.received')}: <b>{money(data.received)}</b>
          </Text>
          <Text>
            {t('debts.refunded')}: <b>{money(data.refunded)}</b>
          </Text>
        </Group>
      )}
      {data && data.classes.length === 0 ? (
        <Text>{t('debts.noInvoices')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('debts.tabSummary')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('debts.class')}</Table.Th>
                <Table.Th ta="right">{t('debts.invoices')}</Table.Th>
                <Table.Th ta="right">{t('debts.invoiced')}</Table.Th>
                <Table.Th ta="right">{t('debts.collected')}</Table.Th>
                <Table.Th ta="right">{t('debts.summaryOutstanding')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.classes.map((row) => (
                <Table.Tr key={`${row.class_id}:${row.class_name}`}>
                  <Table.Td>{row.class_name}</Table.Td>
                  <Table.Td ta="right">{row.invoices}</Table.Td>
                  <Amount value={row.invoiced} />
                  <Amount value={row.collected} />
                  <Amount value={row.outstanding} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            {data && (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>{t('debts.total', { count: data.total.invoices })}</Table.Th>
                  <Table.Th ta="right">{data.total.invoices}</Table.Th>
                  <Amount value={data.total.invoiced} strong />
                  <Amount value={data.total.collected} strong />
                  <Amount value={data.total.outstanding} strong />
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export default function DebtsPage() {
  const role = useSession().data!.user.role;
  const admin = hasPermission(role, 'manage_ledger');
  return (
    <Stack gap="lg">
      <PageHeader title={t('debts.title')} subtitle={t('debts.subtitle')} />
      {admin ? (
        <Tabs defaultValue="debts" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="debts">{t('debts.tabDebts')}</Tabs.Tab>
            <Tabs.Tab value="summary">{t('debts.tabSummary')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="debts" pt="md">
            <DebtsTab />
          </Tabs.Panel>
          <Tabs.Panel value="summary" pt="md">
            <SummaryTab />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <DebtsTab />
      )}
    </Stack>
  );
}
