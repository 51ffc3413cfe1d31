// Teachers' pay, the admin's page (issue 28, docs/decisions/033): a month's statements (a row per
// teacher with totals and state; one opened with its lines, adjusted, approved), all approved at
// once, exported to Excel; and the rates per teacher and per class.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChecks, IconDownload, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { PayStatementDto } from '#common/teacher-pay.ts';
import { confirmThen } from '#web/components/confirm.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { money } from '#web/features/tuition/index.ts';
import { t } from '#web/i18n/index.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useApprove, useDeleteRate, useMonthStatements, useRates, useStatement } from './api.ts';
import { monthOptions, monthText, thisMonth } from './months.ts';
import { hoursText, StateBadge, StatementView } from './statement-view.tsx';

// Its dialogs load when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const AdjustDialog = lazyDialog(
  () => import('./pay-dialogs.tsx').then((m) => m.AdjustDialog),
  ({ statement }) => statement !== null,
);

const RateDialog = lazyDialog(
  () => import('./pay-dialogs.tsx').then((m) => m.RateDialog),
  ({ opened }) => opened,
);

function useApproveWithConfirm() {
  const approve = useApprove();
  return (month: string, teacher: { id: string; name: string } | null) =>
    confirmThen({
      title: teacher ? t('pay.approve') : t('pay.approveAll'),
      message: teacher
        ? t('pay.approveConfirm', { month: monthText(month), name: teacher.name })
        : t('pay.approveAllConfirm', { month: monthText(month) }),
      onConfirm: () =>
        approve.mutate(
          { month, teacherId: teacher?.id ?? null },
          {
            onSuccess: (result) => notifySuccess(noticeText(result)),
            onError: (error) => notifyError(errorText(error)),
          },
        ),
    });
}

function StatementDialog({
  month,
  teacherId,
  onClose,
}: {
  month: string;
  teacherId: string | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const statement = useStatement(month, teacherId);
  const approve = useApproveWithConfirm();
  const [adjusting, setAdjusting] = useState<PayStatementDto | null>(null);
  const data = statement.data;
  return (
    <Modal
      opened={teacherId !== null}
      onClose={onClose}
      title={data ? t('pay.statementOf', { month: monthText(month), name: data.teacher_name }) : ''}
      size="xl"
      fullScreen={phone}
    >
      <QueryState query={statement}>
        {data && (
          <Stack>
            {data.state === 'draft' && (
              <Group gap="sm" wrap="wrap">
                <Button variant="default" onClick={() => setAdjusting(data)}>
                  {t('pay.adjust')}
                </Button>
                <Button
                  leftSection={<IconChecks size={16} aria-hidden />}
                  onClick={() => approve(month, { id: data.teacher_id, name: data.teacher_name })}
                >
                  {t('pay.approve')}
                </Button>
              </Group>
            )}
            <StatementView statement={data} audience="admin" />
          </Stack>
        )}
      </QueryState>
      <AdjustDialog statement={adjusting} onClose={() => setAdjusting(null)} />
    </Modal>
  );
}

function StatementsTab() {
  const [month, setMonth] = useState(thisMonth);
  const [open, setOpen] = useState<string | null>(null);
  const list = useMonthStatements(month);
  const approve = useApproveWithConfirm();
  const data = list.data;
  const drafts = data?.items.filter((item) => item.state === 'draft').length ?? 0;
  // A month's statements are approved once it is over (the server refuses before).
  const over = month < thisMonth();
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('pay.month')}
          data={monthOptions()}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          w={200}
        />
        <Button
          component="a"
          href={`/api/teacher-pay/months/${month}/export`}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t('pay.export')}
        </Button>
        {drafts > 0 && (
          <Button
            leftSection={<IconChecks size={16} aria-hidden />}
            onClick={() => approve(month, null)}
            disabled={!over}
            aria-describedby={over ? undefined : 'pay-month-not-over'}
          >
            {t('pay.approveAll')}
          </Button>
        )}
      </Group>
      {drafts > 0 && !over && (
        <Text id="pay-month-not-over" size="sm" c="dimmed">
          {t('pay.monthNotOver', { month: monthText(month) })}
        </Text>
      )}
      <QueryState query={list}>
        {data && data.items.length === 0 ? (
          <Text>{t('pay.none')}</Text>
        ) : (
          data && (
            <ResponsiveTable minWidth={640} stickyFirstColumn>
              <Table striped highlightOnHover aria-label={t('pay.tabStatements')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('pay.teacher')}</Table.Th>
                    <Table.Th ta="right">{t('pay.lessons')}</Table.Th>
                    <Table.Th ta="right">{t('pay.hours')}</Table.Th>
                    <Table.Th ta="right">{t('pay.adjustments')}</Table.Th>
                    <Table.Th ta="right">{t('pay.total')}</Table.Th>
                    <Table.Th>{t('pay.state')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.teacher_id}>
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          onClick={() => setOpen(item.teacher_id)}
                          aria-label={t('pay.open', { name: item.teacher_name })}
                        >
                          {item.teacher_name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">{item.lessons}</Table.Td>
                      <Table.Td ta="right">{hoursText(item.minutes)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {item.adjustments === 0 ? '–' : money(item.adjustments)}
                      </Table.Td>
                      <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                        {money(item.total)}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <StateBadge state={item.state} />
                          {item.missing_rates > 0 && (
                            <Badge color="error" variant="light">
                              {t('pay.missingRates')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>{t('pay.total')}</Table.Th>
                    <Table.Th ta="right">{data.totals.lessons}</Table.Th>
                    <Table.Th ta="right">{hoursText(data.totals.minutes)}</Table.Th>
                    <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(data.totals.adjustments)}
                    </Table.Th>
                    <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(data.totals.total)}
                    </Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </ResponsiveTable>
          )
        )}
      </QueryState>
      <StatementDialog month={month} teacherId={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

function RatesTab() {
  const rates = useRates();
  const remove = useDeleteRate();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="md">
      <Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {t('pay.addRate')}
        </Button>
      </Group>
      <QueryState query={rates}>
        {rates.data && rates.data.length === 0 ? (
          <Text>{t('pay.noRates')}</Text>
        ) : (
          <ResponsiveTable minWidth={600} stickyLastColumn>
            <Table striped aria-label={t('pay.rates')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('pay.teacher')}</Table.Th>
                  <Table.Th>{t('pay.class')}</Table.Th>
                  <Table.Th>{t('pay.rate')}</Table.Th>
                  <Table.Th>{t('pay.effectiveFrom')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rates.data?.map((rate) => (
                  <Table.Tr key={rate.rate_id}>
                    <Table.Td>{rate.teacher_name}</Table.Td>
                    <Table.Td>{rate.class_name ?? t('pay.allClasses')}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {t(`pay.rate.${rate.kind}`, { amount: money(rate.amount) })}
                    </Table.Td>
                    <Table.Td>{monthText(rate.effective_from)}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="error"
                        aria-label={t('pay.deleteRate')}
                        onClick={() =>
                          // The pay screens write 'Xoá' (the shared deletion dialog says 'Xóa').
                          confirmThen({
                            title: t('pay.deleteRate'),
                            message: t('pay.deleteRateConfirm'),
                            confirmText: t('pay.delete'),
                            danger: true,
                            onConfirm: () =>
                              remove.mutate(rate.rate_id, {
                                onSuccess: (result) => notifySuccess(noticeText(result)),
                                onError: (error) => notifyError(errorText(error)),
                              }),
                          })
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
        )}
      </QueryState>
      <RateDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

export default function TeacherPayPage() {
  return (
    <Stack gap="lg">
      <PageHeader title={t('pay.title')} subtitle={t('pay.subtitle')} />
      <Tabs defaultValue="statements" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="statements">{t('pay.tabStatements')}</Tabs.Tab>
          <Tabs.Tab value="rates">{t('pay.tabRates')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="statements" pt="md">
          <StatementsTab />
        </Tabs.Panel>
        <Tabs.Panel value="rates" pt="md">
          <RatesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
