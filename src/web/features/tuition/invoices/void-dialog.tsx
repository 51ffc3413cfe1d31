import type { FormEvent } from 'react';
import { type InvoiceDto, voidInvoiceInput } from '#common/invoices.ts';
import { ReasonDialog } from '#web/components/reason-dialog.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { money } from '../money-text.ts';
import { useVoidInvoice } from './api.ts';
import { numberText } from './invoice-text.ts';

export function VoidDialog({
  invoice,
  opened,
  onClose,
}: {
  invoice: InvoiceDto;
  opened: boolean;
  onClose: () => void;
}) {
  const voidIt = useVoidInvoice();
  const { form, formError, validInput, showError } = useAppForm({
    initialValues: { reason: '' },
    schema: voidInvoiceInput,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    voidIt.mutate(
      { invoiceId: invoice.invoice_id, reason: input.reason },
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
      opened={opened}
      onClose={onClose}
      title={t('invoices.void')}
      summary={`${numberText(invoice)} · ${money(invoice.total)}`}
      hint={t('invoices.voidHint')}
      reasonLabel={t('invoices.voidReason')}
      reasonProps={form.getInputProps('reason')}
      formError={formError}
      submitLabel={t('invoices.void')}
      loading={voidIt.isPending}
      onSubmit={submit}
    />
  );
}
