// A student's tuition account (docs/decisions/028): the balance (what they owe, or their credit),
// their invoices, every entry newest first (one card each, so it reads on a phone), and the actions
// of whoever reads it: staff and admin record a payment; the admin pays a credit back and reverses an entry.
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCash, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { hasPermission } from '#common/permissions.ts';
import type { AccountDto, EntryDto } from '#common/tuition.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { useAccount } from './api.ts';
import { DiscountsSection } from './discounts-section.tsx';
import { useAccountQr } from './invoices/api.ts';
import { InvoicesSection } from './invoices/invoices-section.tsx';
import { money } from './money-text.ts';
import { VietQrCard } from './vietqr-card.tsx';

// Its dialogs load when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const MoneyDialog = lazyDialog(
  () => import('./ledger-dialogs.tsx').then((m) => m.MoneyDialog),
  ({ opened }) => opened,
);

const ReverseEntryDialog = lazyDialog(
  () => import('./ledger-dialogs.tsx').then((m) => m.ReverseEntryDialog),
  ({ entry }) => entry !== null,
);

function BalanceCard({ balance }: { balance: number }) {
  const [text, color] =
    balance > 0
      ? [t('tuition.owes', { amount: money(balance) }), 'error']
      : balance < 0
        ? [t('tuition.credit', { amount: money(-balance) }), 'success']
        : [t('tuition.settled'), 'success'];
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {t('tuition.balance')}
      </Text>
      <Text size="xl" fw={700} c={color} data-testid="tuition-balance">
        {text}
      </Text>
    </Paper>
  );
}

function EntryCard({
  entry,
  onReverse,
}: {
  entry: EntryDto;
  /** Given when the reader may reverse it. */
  onReverse?: () => void;
}) {
  const kind = t(`tuition.entry.${entry.kind}`);
  const details = [
    formatCalendarDate(entry.occurred_on),
    // Which invoice a charge was issued on, or a payment was made against.
    entry.invoice_number ? t('tuition.onInvoice', { number: entry.invoice_number }) : null,
    entry.method ? t(`tuition.method.${entry.method}`) : null,
    entry.created_by_name ? t('tuition.recordedBy', { name: entry.created_by_name }) : null,
  ].filter(Boolean);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="ledger-entry">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600}>{kind}</Text>
            {entry.reversed_by_entry_id && (
              <Badge variant="light" color="gray" tt="none">
                {t('tuition.reversed')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {details.join(' · ')}
          </Text>
          {entry.note && <Text size="sm">{entry.note}</Text>}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Text
            fw={700}
            c={entry.amount < 0 ? 'success' : undefined}
            td={entry.reversed_by_entry_id ? 'line-through' : undefined}
            style={{ whiteSpace: 'nowrap' }}
          >
            {money(entry.amount)}
          </Text>
          {onReverse && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconArrowBackUp size={12} aria-hidden />}
              aria-label={t('tuition.reverseNamed', { kind, amount: money(entry.amount) })}
              onClick={onReverse}
            >
              {t('tuition.reverse')}
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

function Account({ account }: { account: AccountDto }) {
  const role = useSession().data!.user.role;
  const takesPayments = hasPermission(role, 'record_payments');
  const managesLedger = hasPermission(role, 'manage_ledger');
  const [dialog, setDialog] = useState<'payment' | 'refund' | null>(null);
  const [reversing, setReversing] = useState<EntryDto | null>(null);
  const studentId = account.student.user_id;
  const credit = Math.max(0, -account.balance);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BalanceCard balance={account.balance} />
        {(takesPayments || managesLedger) && (
          <Group gap="xs" align="center">
            {takesPayments && (
              <Button
                leftSection={<IconCash size={16} aria-hidden />}
                onClick={() => setDialog('payment')}
              >
                {t('tuition.recordPayment')}
              </Button>
            )}
            {managesLedger && credit > 0 && (
              <Button
                variant="light"
                leftSection={<IconReceiptRefund size={16} aria-hidden />}
                onClick={() => setDialog('refund')}
              >
                {t('tuition.refund')}
              </Button>
            )}
          </Group>
        )}
      </SimpleGrid>
      {account.balance > 0 && <AccountQr studentId={studentId} />}
      <InvoicesSection studentId={studentId} />
      <DiscountsSection studentId={studentId} />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('tuition.entries')}
        </Title>
        {account.entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tuition.noEntries')}
          </Text>
        ) : (
          account.entries.map((entry) => (
            <EntryCard
              key={entry.entry_id}
              entry={entry}
              onReverse={
                managesLedger &&
                entry.kind !== 'reversal' &&
                !entry.reversed_by_entry_id &&
                // An invoice's charges go with it: the invoice is voided instead.
                !(entry.invoice_id && (entry.kind === 'charge' || entry.kind === 'discount'))
                  ? () => setReversing(entry)
                  : undefined
              }
            />
          ))
        )}
      </Stack>
      {takesPayments && (
        <MoneyDialog
          studentId={studentId}
          kind="payment"
          opened={dialog === 'payment'}
          onClose={() => setDialog(null)}
        />
      )}
      {managesLedger && (
        <>
          <MoneyDialog
            studentId={studentId}
            kind="refund"
            credit={credit}
            opened={dialog === 'refund'}
            onClose={() => setDialog(null)}
          />
          <ReverseEntryDialog entry={reversing} onClose={() => setReversing(null)} />
        </>
      )}
    </Stack>
  );
}

/** What the student owes in all, as one VietQR transfer (none while no bank account is set). */
function AccountQr({ studentId }: { studentId: string }) {
  const qr = useAccountQr(studentId, true);
  if (!qr.data) return null;
  return <VietQrCard qr={qr.data} title={t('vietQr.wholeBalance')} />;
}

export function AccountView({ studentId }: { studentId: string }) {
  const account = useAccount(studentId);
  // What went wrong in words (an unknown student, an account that is no student's), not "error".
  if (!account.data) {
    return (
      <QueryState
        query={account}
        errorMessage={account.error ? errorText(account.error) : t('error.INTERNAL')}
      />
    );
  }
  return <Account account={account.data} />;
}
