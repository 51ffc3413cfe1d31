// One teacher's statement of a month (docs/decisions/033): its lessons (date, class, the time it
// really ran, marked 'theo lịch' when the schedule's, the rate, the amount and its adjustments),
// the adjustments with their reasons, and the totals. Read-only: the admin's page adds its buttons
// around it.
import { Alert, Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import type { PayStatementDto } from '#common/teacher-pay.ts';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { money } from '#web/features/tuition/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatCalendarDate, formatDateTime, formatTime } from '#web/lib/dates.ts';
import { monthText } from './months.ts';

export const hoursText = (minutes: number) =>
  (minutes / 60).toLocaleString(undefined, { maximumFractionDigits: 2 });

export function StateBadge({ state }: { state: PayStatementDto['state'] }) {
  return (
    <Badge color={state === 'approved' ? 'success' : 'gray'} variant="light">
      {t(`pay.state.${state}`)}
    </Badge>
  );
}

export function StatementView({
  statement,
  audience,
}: {
  statement: PayStatementDto;
  /** Whose view: the teacher reads why a line is unpaid; the admin, what blocks approval. */
  audience: 'teacher' | 'admin';
}) {
  const missingRate = statement.lines.some((line) => line.rate_kind === null);
  const neverStarted = statement.lines.filter((line) => line.never_started).length;
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <StateBadge state={statement.state} />
        {statement.approved_at && (
          <Text size="sm" c="dimmed">
            {t('pay.approvedBy', {
              time: formatDateTime(statement.approved_at),
              name: statement.approved_by_name ?? '–',
            })}
          </Text>
        )}
      </Group>
      {audience === 'teacher' && missingRate && (
        <Alert color="warning" role="status">
          {t('pay.noRateNotice')}
        </Alert>
      )}
      {audience === 'admin' && statement.state === 'draft' && missingRate && (
        <Alert color="warning" role="status">
          {t('pay.noRateNoticeAdmin', { name: statement.teacher_name })}
        </Alert>
      )}
      {audience === 'admin' && statement.state === 'draft' && neverStarted > 0 && (
        <Alert color="warning" role="status">
          {t('pay.neverStartedNotice', { count: neverStarted })}
        </Alert>
      )}
      {statement.lines.length === 0 ? (
        <Text>{t('pay.noLessons')}</Text>
      ) : (
        // On a phone the lines become cards: no sideways scrolling.
        <ResponsiveTable
          cardsOnPhone
          label={t('pay.statementOf', {
            month: monthText(statement.month),
            name: statement.teacher_name,
          })}
        >
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pay.date')}</Table.Th>
                <Table.Th>{t('pay.class')}</Table.Th>
                <Table.Th>{t('pay.time')}</Table.Th>
                <Table.Th>{t('pay.rate')}</Table.Th>
                <Table.Th ta="right">{t('pay.amount')}</Table.Th>
                <Table.Th ta="right">{t('pay.adjustedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statement.lines.map((line, index) => (
                <Table.Tr key={line.schedule_id ?? index}>
                  <Table.Td data-label={t('pay.date')} style={{ whiteSpace: 'nowrap' }}>
                    {formatCalendarDate(line.lesson_date)}
                  </Table.Td>
                  <Table.Td data-label={t('pay.class')}>
                    <div>
                      {line.class_name}
                      {line.substitute && (
                        <Badge ml={6} size="xs" variant="outline">
                          {t('pay.substitute')}
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed">
                        {line.topic}
                      </Text>
                    </div>
                  </Table.Td>
                  <Table.Td data-label={t('pay.time')} style={{ whiteSpace: 'nowrap' }}>
                    <div>
                      {formatTime(line.started_at)}–{formatTime(line.ended_at)} (
                      {t('pay.minutes', { count: line.minutes })})
                      {line.time_source === 'schedule' && (
                        <Text size="xs" c="dimmed">
                          {t('pay.bySchedule')}
                        </Text>
                      )}
                      {line.never_started && (
                        <Badge size="xs" color="warning" variant="light">
                          {t('pay.neverStarted')}
                        </Badge>
                      )}
                    </div>
                  </Table.Td>
                  <Table.Td data-label={t('pay.rate')} style={{ whiteSpace: 'nowrap' }}>
                    {line.rate_kind && line.rate_amount !== null ? (
                      t(`pay.rate.${line.rate_kind}`, { amount: money(line.rate_amount) })
                    ) : (
                      <Text span c="error" size="sm">
                        {t('pay.noRate')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td
                    data-label={t('pay.amount')}
                    ta="right"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {money(line.amount)}
                  </Table.Td>
                  <Table.Td
                    data-label={t('pay.adjustedBy')}
                    ta="right"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {line.adjusted === 0 ? '–' : money(line.adjusted)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ResponsiveTable>
      )}
      {statement.adjustment_items.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>{t('pay.adjustmentList')}</Text>
          <List size="sm">
            {statement.adjustment_items.map((item) => {
              const line = statement.lines.find((l) => l.schedule_id === item.schedule_id);
              return (
                <List.Item key={item.adjustment_id}>
                  {line ? `${formatCalendarDate(line.lesson_date)} ${line.class_name} · ` : ''}
                  {t('pay.adjustmentLine', {
                    amount: money(item.amount),
                    reason: item.reason,
                    name: item.created_by_name ?? '–',
                    time: formatDateTime(item.created_at),
                  })}
                </List.Item>
              );
            })}
          </List>
        </Stack>
      )}
      <Group gap="xl" wrap="wrap">
        <Text>
          {t('pay.lessons')}: <b>{statement.lessons}</b>
        </Text>
        <Text>
          {t('pay.hours')}: <b>{hoursText(statement.minutes)}</b>
        </Text>
        <Text>
          {t('pay.lessonAmount')}: <b>{money(statement.lesson_amount)}</b>
        </Text>
        <Text>
          {t('pay.adjustments')}: <b>{money(statement.adjustments)}</b>
        </Text>
        <Text size="lg">
          {t('pay.total')}: <b>{money(statement.total)}</b>
        </Text>
      </Group>
    </Stack>
  );
}
