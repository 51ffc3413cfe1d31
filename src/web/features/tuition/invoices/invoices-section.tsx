// A student's invoices on their account (issue 27), above the ledger's entries: one card each (it
// reads on a phone) with its number ('Nháp' for a draft), class, month, total, paid, outstanding,
// due date and state ('Quá hạn' when overdue); each opens the invoice. Admin and staff make a
// draft for one of the student's classes and a month ("Lập hoá đơn"), then open it to edit or
// issue it. A student sees their own issued invoices.
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { InvoiceSummaryDto } from '#common/invoices.ts';
import { hasPermission } from '#common/permissions.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { money } from '../money-text.ts';
import { useStudentInvoices } from './api.ts';
import { invoicePath, monthText, numberText, STATE_COLOR, stateText } from './invoice-text.ts';

// Its dialog loads when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const NewInvoiceDialog = lazyDialog(
  () => import('./new-invoice-dialog.tsx').then((m) => m.NewInvoiceDialog),
  ({ opened }) => opened,
);

export function StateBadges({ invoice }: { invoice: InvoiceSummaryDto }) {
  return (
    <Group gap={6}>
      <Badge variant="light" color={STATE_COLOR[invoice.state]} tt="none">
        {stateText(invoice.state)}
      </Badge>
      {invoice.overdue && (
        <Badge variant="filled" color="error" tt="none">
          {t('invoices.overdue')}
        </Badge>
      )}
    </Group>
  );
}

function Amount({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {money(value)}
      </Text>
    </Stack>
  );
}

function InvoiceCard({ invoice }: { invoice: InvoiceSummaryDto }) {
  const number = numberText(invoice);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="invoice-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Link
            href={invoicePath(invoice.invoice_id)}
            aria-label={t('invoices.open', { number })}
            style={{ fontWeight: 700, color: 'var(--mantine-color-anchor)' }}
          >
            {number}
          </Link>
          {/* A draft's link already says it is a draft. */}
          {invoice.state !== 'draft' && <StateBadges invoice={invoice} />}
        </Group>
        <Text size="sm">
          {invoice.class_name} · {t('invoices.month')} {monthText(invoice.period)}
        </Text>
        <Group gap="lg" wrap="wrap">
          <Amount label={t('invoices.total')} value={invoice.total} />
          <Amount label={t('invoices.paid')} value={invoice.paid} />
          <Amount label={t('invoices.outstanding')} value={invoice.outstanding} strong />
        </Group>
        <Text size="xs" c={invoice.overdue ? 'error' : 'dimmed'}>
          {t('invoices.dueOn', { date: formatCalendarDate(invoice.due_date) })}
        </Text>
      </Stack>
    </Paper>
  );
}

export function InvoicesSection({ studentId }: { studentId: string }) {
  const role = useSession().data!.user.role;
  const issues = hasPermission(role, 'issue_invoices');
  const invoices = useStudentInvoices(studentId);
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('invoices.title')}
        </Title>
        {issues && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFilePlus size={14} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('invoices.create')}
          </Button>
        )}
      </Group>
      {invoices.data ? (
        invoices.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('invoices.none')}
          </Text>
        ) : (
          invoices.data.map((invoice) => <InvoiceCard key={invoice.invoice_id} invoice={invoice} />)
        )
      ) : (
        <QueryState query={invoices} />
      )}
      {issues && (
        <NewInvoiceDialog
          studentId={studentId}
          opened={creating}
          onClose={() => setCreating(false)}
        />
      )}
    </Stack>
  );
}
