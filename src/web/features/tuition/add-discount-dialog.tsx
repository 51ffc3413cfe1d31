// Adding a discount to a student's account (discounts-section.tsx): a percentage or an amount, a
// reason, from a day. Loaded when first opened.
import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { type DiscountKind, discountInput } from '#common/tuition.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { todayInCenter } from '#web/lib/dates.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useAddDiscount } from './api.ts';
import { amountOf, MoneyInput } from './money-input.tsx';

type DiscountValues = {
  kind: DiscountKind;
  value: number | string;
  reason: string;
  starts_on: string;
};
const blank = (): DiscountValues => ({
  kind: 'percent',
  value: '',
  reason: '',
  starts_on: todayInCenter(),
});

export function AddDiscountDialog({
  studentId,
  opened,
  onClose,
}: {
  studentId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const add = useAddDiscount();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blank(),
    schema: discountInput,
    toInput: (values: DiscountValues) => ({ ...values, value: amountOf(values.value) }),
  });
  useEffect(() => {
    if (opened) reset(blank());
  }, [opened]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    add.mutate(
      { studentId, input },
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
    <Modal opened={opened} onClose={onClose} title={t('tuition.addDiscount')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={formError} />
          <Select
            label={t('tuition.discountKind')}
            data={(['percent', 'fixed'] as const).map((kind) => ({
              value: kind,
              label: t(`tuition.discount.${kind}`),
            }))}
            allowDeselect={false}
            {...form.getInputProps('kind')}
            required
          />
          <MoneyInput
            label={t('tuition.discountValue')}
            rightSection={form.values.kind === 'percent' ? '%' : '₫'}
            max={form.values.kind === 'percent' ? 100 : undefined}
            {...form.getInputProps('value')}
            required
          />
          <Textarea
            label={t('tuition.reason')}
            autosize
            minRows={1}
            {...form.getInputProps('reason')}
            required
          />
          <DateField
            label={t('tuition.startsOn')}
            value={form.values.starts_on}
            onChange={(value) => form.setFieldValue('starts_on', value)}
            error={form.errors.starts_on}
            required
          />
          <FormActions
            onCancel={onClose}
            submitLabel={t('tuition.addDiscount')}
            loading={add.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
