// The dialogs that write a student's ledger (docs/decisions/028): record a payment (staff, admin),
// pay a credit back (admin), reverse an entry with a reason (admin). Each sends a fresh
// Idempotency-Key per opening, so a double click records once. A payment may name the invoice it
// pays (one of the student's open ones); left out, the oldest open invoices are paid first.
import { Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import {
  type EntryDto,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentInput,
  refundInput,
  reverseEntryInput,
} from '#common/tuition.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { ReasonDialog } from '#web/components/reason-dialog.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { todayInCenter } from '#web/lib/dates.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { useKeyPerOpening } from '#web/lib/key-per-opening.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useRecordPayment, useRecordRefund, useReverseEntry } from './api.ts';
import { useStudentInvoices } from './invoices/api.ts';
import { monthText } from './invoices/invoice-text.ts';
import { amountOf, MoneyInput } from './money-input.tsx';
import { money as moneyText } from './money-text.ts';

/**
 * The request's Idempotency-Key: one per opening of the dialog and per what is sent, so a double
 * click records once while a corrected amount is a new request (the server refuses a key reused
 * for another body).
 */
export const keyFor = (openingKey: string, input: unknown) => {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(input)) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  }
  return `${openingKey}-${hash.toString(16)}`;
};

const methodOptions = () =>
  PAYMENT_METHODS.map((method) => ({ value: method, label: t(`tuition.method.${method}`) }));

type MoneyValues = {
  amount: number | string;
  method: PaymentMethod | '';
  paid_on: string;
  note: string;
  invoice_id: string | null;
};
const blank = (invoiceId: string | null = null, amount: number | '' = ''): MoneyValues => ({
  amount,
  method: 'cash',
  paid_on: todayInCenter(),
  note: '',
  invoice_id: invoiceId,
});

/** The student's invoices a payment can name: issued and not yet paid in full. */
function useOpenInvoiceOptions(studentId: string, enabled: boolean) {
  const invoices = useStudentInvoices(studentId, enabled);
  return (invoices.data ?? [])
    .filter((invoice) => invoice.state === 'issued' || invoice.state === 'partly_paid')
    .map((invoice) => ({
      value: invoice.invoice_id,
      label: t('invoices.payOption', {
        number: invoice.number ?? '',
        class: invoice.class_name,
        month: monthText(invoice.period),
        amount: moneyText(invoice.outstanding),
      }),
    }));
}

/** A payment to the account, or (refund) a credit paid back. */
export function MoneyDialog({
  studentId,
  kind,
  opened,
  onClose,
  credit = 0,
  invoiceId,
  outstanding,
}: {
  studentId: string;
  kind: 'payment' | 'refund';
  opened: boolean;
  onClose: () => void;
  /** For a refund: the credit the student holds (at most that is paid back). */
  credit?: number;
  /** For a payment opened from an invoice: the invoice it pays, chosen. */
  invoiceId?: string;
  /** What is left to pay on that invoice: the amount offered. */
  outstanding?: number;
}) {
  const record = useRecordPayment();
  const refund = useRecordRefund();
  const mutation = kind === 'payment' ? record : refund;
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blank(invoiceId, outstanding || ''),
    schema: kind === 'payment' ? paymentInput : refundInput,
    // Whatever the fields hold goes to the schema, which says what is wrong (the types follow).
    toInput: (values: MoneyValues) =>
      ({
        ...values,
        amount: amountOf(values.amount),
        note: kind === 'payment' ? values.note || undefined : values.note,
        invoice_id: kind === 'payment' ? values.invoice_id || undefined : undefined,
      }) as never,
  });
  const key = useKeyPerOpening(opened, () => reset(blank(invoiceId, outstanding || '')));
  const openInvoices = useOpenInvoiceOptions(studentId, opened && kind === 'payment');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    const done = {
      onSuccess: (result: Parameters<typeof noticeText>[0]) => {
        notifySuccess(noticeText(result));
        onClose();
      },
      onError: (error: Error) => showError(error),
    };
    const requestKey = keyFor(key, input);
    if (kind === 'payment') {
      record.mutate({ studentId, input: input as never, key: requestKey }, done);
    } else {
      refund.mutate({ studentId, input: input as never, key: requestKey }, done);
    }
  };

  const title = t(kind === 'payment' ? 'tuition.recordPayment' : 'tuition.refund');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={formError} />
          {kind === 'refund' && (
            <Text size="sm" c="dimmed">
              {t('tuition.credit', { amount: moneyText(credit) })}
            </Text>
          )}
          {kind === 'payment' && (
            <Select
              label={t('invoices.payFor')}
              description={t('invoices.payForHint')}
              data={openInvoices}
              clearable
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('invoice_id')}
            />
          )}
          <MoneyInput
            label={t('tuition.amount')}
            description={t('tuition.amountHint')}
            {...form.getInputProps('amount')}
            required
          />
          <Select
            label={t('tuition.method')}
            data={methodOptions()}
            allowDeselect={false}
            {...form.getInputProps('method')}
            required
          />
          <DateField
            label={t('tuition.paidOn')}
            value={form.values.paid_on}
            onChange={(value) => form.setFieldValue('paid_on', value)}
            error={form.errors.paid_on}
            required
          />
          <Textarea
            label={t(kind === 'payment' ? 'tuition.note' : 'tuition.reason')}
            autosize
            minRows={1}
            {...form.getInputProps('note')}
            required={kind === 'refund'}
          />
          <FormActions onCancel={onClose} submitLabel={title} loading={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Undo an entry by its opposite, with why. */
export function ReverseEntryDialog({
  entry,
  onClose,
}: {
  entry: EntryDto | null;
  onClose: () => void;
}) {
  const reverse = useReverseEntry();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: { reason: '' },
    schema: reverseEntryInput,
  });
  const key = useKeyPerOpening(entry !== null, () => reset({ reason: '' }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input || !entry) return;
    reverse.mutate(
      { entryId: entry.entry_id, reason: input.reason, key: keyFor(key, input) },
      {
        onSuccess: (result) => {
          notifySuccess(noticeText(result));
          onClose();
        },
        onError: (error) => showError(error),
      },
    );
  };
  return (
    <ReasonDialog
      opened={entry !== null}
      onClose={onClose}
      title={t('tuition.reverse')}
      summary={entry && `${t(`tuition.entry.${entry.kind}`)} ${moneyText(entry.amount)}`}
      hint={t('tuition.reverseHint')}
      reasonLabel={t('tuition.reason')}
      reasonProps={form.getInputProps('reason')}
      formError={formError}
      submitLabel={t('tuition.reverse')}
      loading={reverse.isPending}
      onSubmit={submit}
    />
  );
}
