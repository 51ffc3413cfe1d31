// The 'Đối soát ngân hàng' page (issue 27, docs/decisions/030-bank-transfers.md), for staff and
// admin: a bank statement uploaded and previewed (each credit line, the invoice and student its
// content names, how its amount stands), then "Ghi nhận N khoản" records the matches once; below,
// the transfers left unmatched (from statements or the bank webhook), each given to a student (and
// optionally an invoice) or ignored.
import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import type { MatchKind, StatementPreviewDto, TransferDto } from '#common/bank.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { t } from '#web/i18n/index.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import {
  useAssignTransfer,
  useConfirmStatement,
  useIgnoreTransfer,
  useOpenInvoices,
  usePreviewStatement,
  useStudentSearch,
  useTransfers,
} from './api.ts';
import { money } from './money.ts';

const KIND_COLOR: Record<MatchKind, string> = {
  exact: 'green',
  partial: 'yellow',
  over: 'blue',
  unknown: 'gray',
  already: 'dark',
};

function KindBadge({ kind }: { kind: MatchKind }) {
  return (
    <Badge color={KIND_COLOR[kind]} variant="light" tt="none">
      {t(`bank.kind.${kind}`)}
    </Badge>
  );
}

function StatementSection() {
  const preview = usePreviewStatement();
  const confirm = useConfirmStatement();
  const [result, setResult] = useState<StatementPreviewDto | null>(null);
  const [key, setKey] = useState('');

  const read = (file: File | null) => {
    if (!file) return;
    setResult(null);
    preview.mutate(file, {
      onSuccess: (data) => {
        setResult(data);
        setKey(crypto.randomUUID());
      },
      onError: (error) => notifyError(errorText(error)),
    });
  };
  const matched = result ? result.counts.exact + result.counts.partial + result.counts.over : 0;
  const toKeep = result ? matched + result.counts.unknown : 0;
  const record = () => {
    if (!result) return;
    const lines = result.lines.map(({ kind: _kind, invoice: _invoice, ...line }) => line);
    confirm.mutate(
      { lines, key },
      {
        onSuccess: (reply) => {
          notifySuccess(noticeText(reply));
          setResult(null);
        },
        onError: (error) => notifyError(errorText(error)),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('bank.statement')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('bank.statementHint')}
        </Text>
        <Group>
          <FileButton onChange={read} accept=".csv,.xlsx,text/csv">
            {(props) => (
              <Button
                {...props}
                leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                loading={preview.isPending}
              >
                {t('bank.chooseFile')}
              </Button>
            )}
          </FileButton>
        </Group>
        {result && (
          <Stack gap="sm">
            <Text size="sm">
              {t('bank.previewSummary', {
                count: result.lines.length,
                debits: result.debits,
                skipped: result.skipped,
              })}
            </Text>
            {/* The result stays in sight while the rest of a wide line scrolls. */}
            <ResponsiveTable minWidth={860} label={t('bank.statement')} stickyLastColumn>
              <Table striped aria-label={t('bank.statement')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('bank.col.date')}</Table.Th>
                    <Table.Th ta="right">{t('bank.col.amount')}</Table.Th>
                    <Table.Th>{t('bank.col.content')}</Table.Th>
                    <Table.Th>{t('bank.col.invoice')}</Table.Th>
                    <Table.Th>{t('bank.col.student')}</Table.Th>
                    <Table.Th>{t('bank.col.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.lines.map((line) => (
                    <Table.Tr key={line.row}>
                      <Table.Td>{formatCalendarDate(line.date)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {money(line.amount)}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ wordBreak: 'break-word' }}>
                          {line.content}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {line.invoice ? (
                          <Stack gap={0}>
                            <Text size="sm">{line.invoice.number}</Text>
                            <Text size="xs" c="dimmed">
                              {t('bank.outstanding', { amount: money(line.invoice.outstanding) })}
                            </Text>
                          </Stack>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td>
                        {line.invoice ? (
                          <Stack gap={0}>
                            <Text size="sm">{line.invoice.student_name}</Text>
                            <Text size="xs" c="dimmed">
                              {line.invoice.class_name}
                            </Text>
                          </Stack>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td>
                        <KindBadge kind={line.kind} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ResponsiveTable>
            {result.counts.over > 0 && (
              <Text size="xs" c="dimmed">
                {t('bank.overHint')}
              </Text>
            )}
            {matched === 0 && (
              <Alert color="gray" variant="light">
                {t('bank.nothingToRecord')}
              </Alert>
            )}
            <Text size="xs" c="dimmed">
              {t('bank.confirmHint')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setResult(null)}>
                {t('bank.cancel')}
              </Button>
              <Button onClick={record} loading={confirm.isPending} disabled={toKeep === 0}>
                {t('bank.confirm', { count: matched })}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function AssignDialog({ transfer, onClose }: { transfer: TransferDto; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const found = useStudentSearch(q);
  const [studentId, setStudentId] = useState<string | null>(null);
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  const invoices = useOpenInvoices(studentId);
  const assign = useAssignTransfer();
  const [key] = useState(() => crypto.randomUUID());
  const save = () => {
    if (!studentId) return;
    assign.mutate(
      { transferId: transfer.transfer_id, studentId, invoiceId, key },
      {
        onSuccess: (reply) => {
          notifySuccess(noticeText(reply));
          onClose();
        },
        onError: (error) => notifyError(errorText(error)),
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('bank.assignTitle', {
        amount: money(transfer.amount),
        date: formatCalendarDate(transfer.transferred_on),
      })}
    >
      <Stack>
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {transfer.content}
        </Text>
        <Select
          label={t('bank.col.student')}
          placeholder={t('tuition.pickStudentHint')}
          data={(found.data ?? []).map((s) => ({
            value: s.user_id,
            label: `${s.full_name} (${s.email})`,
          }))}
          value={studentId}
          onChange={(id) => {
            setStudentId(id);
            setInvoiceId(null);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={t('common.nothingFound')}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('bank.invoiceOptional')}
          description={t('bank.invoiceOptionalHint')}
          data={(invoices.data ?? []).map((invoice) => ({
            value: invoice.invoice_id,
            label: `${invoice.number} · ${invoice.class_name} · ${money(invoice.outstanding)}`,
          }))}
          value={invoiceId}
          onChange={setInvoiceId}
          disabled={!studentId}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('bank.cancel')}
          </Button>
          <Button onClick={save} disabled={!studentId} loading={assign.isPending}>
            {t('bank.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function IgnoreDialog({ transfer, onClose }: { transfer: TransferDto; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const ignore = useIgnoreTransfer();
  const save = () =>
    ignore.mutate(
      { transferId: transfer.transfer_id, reason },
      {
        onSuccess: (reply) => {
          notifySuccess(noticeText(reply));
          onClose();
        },
        onError: (error) => notifyError(errorText(error)),
      },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('bank.ignoreTitle', { amount: money(transfer.amount) })}
    >
      <Stack>
        <Textarea
          label={t('bank.ignoreReason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('bank.cancel')}
          </Button>
          <Button color="red" onClick={save} loading={ignore.isPending}>
            {t('bank.ignore')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function UnmatchedSection() {
  const transfers = useTransfers('unmatched');
  const [assigning, setAssigning] = useState<TransferDto | null>(null);
  const [ignoring, setIgnoring] = useState<TransferDto | null>(null);
  const items = transfers.data?.items ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('bank.unmatched')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('bank.unmatchedHint')}
        </Text>
        {transfers.isSuccess && items.length === 0 ? (
          <Text c="dimmed">{t('bank.noUnmatched')}</Text>
        ) : (
          <ResponsiveTable minWidth={720} stickyLastColumn>
            <Table striped aria-label={t('bank.unmatched')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bank.col.date')}</Table.Th>
                  <Table.Th ta="right">{t('bank.col.amount')}</Table.Th>
                  <Table.Th>{t('bank.col.content')}</Table.Th>
                  <Table.Th>{t('bank.col.source')}</Table.Th>
                  <Table.Th>{t('bank.col.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((transfer) => (
                  <Table.Tr key={transfer.transfer_id}>
                    <Table.Td>{formatCalendarDate(transfer.transferred_on)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(transfer.amount)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-word' }}>
                        {transfer.content}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray" tt="none">
                        {t(`bank.source.${transfer.source}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          onClick={() => setAssigning(transfer)}
                          aria-label={`${t('bank.assign')} ${money(transfer.amount)}`}
                        >
                          {t('bank.assign')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="gray"
                          onClick={() => setIgnoring(transfer)}
                          aria-label={`${t('bank.ignore')} ${money(transfer.amount)}`}
                        >
                          {t('bank.ignore')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
        )}
      </Stack>
      {assigning && <AssignDialog transfer={assigning} onClose={() => setAssigning(null)} />}
      {ignoring && <IgnoreDialog transfer={ignoring} onClose={() => setIgnoring(null)} />}
    </Card>
  );
}

export default function BankPage() {
  return (
    <Stack gap="lg">
      <PageHeader title={t('bank.title')} subtitle={t('bank.subtitle')} />
      <StatementSection />
      <UnmatchedSection />
    </Stack>
  );
}
