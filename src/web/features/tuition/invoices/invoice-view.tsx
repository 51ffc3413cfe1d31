// One invoice (issue 27), at /tuition?invoice=<id>: the center's name and logo, its number, student,
// class, month, due date, lines in the reader's language, totals, what is paid and outstanding, and
// its state (a void one says why). It prints alone (invoice.module.css: no navigation, black on
// white). Admin and staff issue, edit or delete a draft and record a payment on an issued one; the
// admin voids one with a reason. A student reads their own issued invoices here.
import { Alert, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconBan,
  IconCash,
  IconPencil,
  IconPrinter,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { InvoiceDto } from '#common/invoices.ts';
import { hasPermission } from '#common/permissions.ts';
import { confirmDeletion } from '#web/components/confirm.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { RecordHistoryButton } from '#web/features/audit/index.ts';
import { useSession } from '#web/features/auth/index.ts';
import { useCenterSettings } from '#web/features/settings/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatCalendarDate, formatDate } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { money } from '../money-text.ts';
import { tuitionPathOf } from '../tuition-path.ts';
import { VietQrCard } from '../vietqr-card.tsx';
import { useDeleteDraft, useInvoice, useInvoiceQr, useIssueInvoice } from './api.ts';
import classes from './invoice.module.css';
import { lineText, monthText, numberText } from './invoice-text.ts';
import { StateBadges } from './invoices-section.tsx';

// Its dialogs load when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const EditDraftDialog = lazyDialog(
  () => import('./edit-draft-dialog.tsx').then((m) => m.EditDraftDialog),
  ({ opened }) => opened,
);
const MoneyDialog = lazyDialog(
  () => import('../ledger-dialogs.tsx').then((m) => m.MoneyDialog),
  ({ opened }) => opened,
);
const VoidDialog = lazyDialog(
  () => import('./void-dialog.tsx').then((m) => m.VoidDialog),
  ({ opened }) => opened,
);

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {money(value)}
      </Text>
    </Group>
  );
}

/** The printable sheet itself. */
function InvoiceSheet({ invoice }: { invoice: InvoiceDto }) {
  const center = useCenterSettings().data;
  const centerName = center?.center_name || t('nav.mobileFallbackName');
  const due = invoice.state === 'issued' || invoice.state === 'partly_paid';
  const qr = useInvoiceQr(invoice.invoice_id, due && invoice.outstanding > 0);
  return (
    <Paper withBorder radius="md" p="lg" className={classes.sheet} data-testid="invoice-sheet">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Image
              src={center?.logo_url || '/favicon.svg'}
              alt={`${centerName} logo`}
              w={48}
              h={48}
              fit="contain"
            />
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {centerName}
            </Text>
          </Group>
          <Stack gap={4} align="flex-end">
            <Title order={1} size="h3">
              {t('invoices.invoice')}
            </Title>
            <Text fw={700} data-testid="invoice-number">
              {numberText(invoice)}
            </Text>
            <StateBadges invoice={invoice} />
          </Stack>
        </Group>
        {invoice.state === 'void' && (
          <Alert color="error" title={t('invoices.state.void')} data-testid="invoice-void">
            <Text size="sm">
              {t('invoices.voidedBecause', { reason: invoice.void_reason ?? '' })}
            </Text>
            {invoice.voided_at && (
              <Text size="xs" c="dimmed">
                {t('invoices.voidedBy', {
                  name: invoice.voided_by_name ?? '',
                  date: formatDate(invoice.voided_at),
                })}
              </Text>
            )}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Field label={t('invoices.student')} value={invoice.student_name} />
          <Field label={t('invoices.class')} value={invoice.class_name} />
          <Field label={t('invoices.month')} value={monthText(invoice.period)} />
          <Field label={t('invoices.dueDate')} value={formatCalendarDate(invoice.due_date)} />
        </SimpleGrid>
        {invoice.issued_at && (
          <Text size="xs" c="dimmed">
            {t('invoices.issuedOn', { date: formatDate(invoice.issued_at) })}
          </Text>
        )}
        <table className={classes.lines}>
          <thead>
            <tr>
              <th>{t('invoices.line')}</th>
              <th className={classes.amount}>{t('invoices.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.line_id} data-testid="invoice-line">
                <td>
                  <Text size="sm">{lineText(line)}</Text>
                  {line.quantity !== 1 && (
                    <Text size="xs" c="dimmed">
                      {line.quantity} × {money(line.unit_amount)}
                    </Text>
                  )}
                </td>
                <td className={classes.amount}>
                  <Text size="sm">{money(line.amount)}</Text>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Stack gap={4} ml="auto" w="100%" maw={320}>
          <TotalRow label={t('invoices.total')} value={invoice.total} strong />
          {invoice.state !== 'draft' && invoice.state !== 'void' && (
            <>
              <TotalRow label={t('invoices.paid')} value={invoice.paid} />
              <TotalRow label={t('invoices.outstanding')} value={invoice.outstanding} strong />
            </>
          )}
        </Stack>
        {/* What is still due, as a code any Vietnamese banking app scans (printed too). */}
        {qr.data && <VietQrCard qr={qr.data} />}
      </Stack>
    </Paper>
  );
}

function Actions({ invoice }: { invoice: InvoiceDto }) {
  const role = useSession().data!.user.role;
  const issues = hasPermission(role, 'issue_invoices');
  const takesPayments = hasPermission(role, 'record_payments');
  const voids = hasPermission(role, 'manage_ledger');
  const [dialog, setDialog] = useState<'edit' | 'void' | 'pay' | null>(null);
  const [, navigate] = useLocation();
  const issue = useIssueInvoice();
  const remove = useDeleteDraft();
  const draft = invoice.state === 'draft';
  const open = invoice.state === 'issued' || invoice.state === 'partly_paid';
  const close = () => setDialog(null);
  const deleteIt = () =>
    confirmDeletion(
      t('invoices.delete'),
      t('invoices.deleteMessage', {
        name: invoice.student_name,
        class: invoice.class_name,
        month: monthText(invoice.period),
      }),
      () =>
        remove.mutate(invoice.invoice_id, {
          onSuccess: (result) => {
            notifySuccess(noticeText(result));
            navigate(tuitionPathOf(invoice.student_id));
          },
          onError: (error) => notifyError(errorText(error)),
        }),
    );
  return (
    <Group gap="xs" className={classes.noPrint}>
      <RecordHistoryButton type="invoice" id={invoice.invoice_id} />
      {issues && draft && (
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          loading={issue.isPending}
          onClick={() =>
            issue.mutate(invoice.invoice_id, {
              onSuccess: (result) => notifySuccess(noticeText(result)),
              onError: (error) => notifyError(errorText(error)),
            })
          }
        >
          {t('invoices.issue')}
        </Button>
      )}
      {issues && draft && (
        <Button
          variant="light"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => setDialog('edit')}
        >
          {t('invoices.edit')}
        </Button>
      )}
      {issues && draft && (
        <Button
          variant="light"
          color="error"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={remove.isPending}
          onClick={deleteIt}
        >
          {t('invoices.delete')}
        </Button>
      )}
      {takesPayments && open && (
        <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setDialog('pay')}>
          {t('invoices.pay')}
        </Button>
      )}
      {voids && (open || invoice.state === 'paid') && (
        <Button
          variant="light"
          color="error"
          leftSection={<IconBan size={16} aria-hidden />}
          onClick={() => setDialog('void')}
        >
          {t('invoices.void')}
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={() => window.print()}
      >
        {t('invoices.print')}
      </Button>
      {issues && draft && (
        <EditDraftDialog invoice={invoice} opened={dialog === 'edit'} onClose={close} />
      )}
      {voids && <VoidDialog invoice={invoice} opened={dialog === 'void'} onClose={close} />}
      {takesPayments && (
        <MoneyDialog
          studentId={invoice.student_id}
          kind="payment"
          invoiceId={invoice.invoice_id}
          outstanding={invoice.outstanding}
          opened={dialog === 'pay'}
          onClose={close}
        />
      )}
    </Group>
  );
}

export function InvoicePage({ invoiceId }: { invoiceId: string }) {
  const invoice = useInvoice(invoiceId);
  const own = useSession().data!.user.role === 'student';
  const back = own || !invoice.data ? '/tuition' : tuitionPathOf(invoice.data.student_id);
  return (
    <Stack gap="md">
      <Group className={classes.noPrint}>
        <Button
          component={Link}
          href={back}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('invoices.back')}
        </Button>
      </Group>
      {invoice.data ? (
        <>
          <Actions invoice={invoice.data} />
          <InvoiceSheet invoice={invoice.data} />
        </>
      ) : (
        <QueryState
          query={invoice}
          errorMessage={invoice.error ? errorText(invoice.error) : undefined}
        />
      )}
    </Stack>
  );
}
