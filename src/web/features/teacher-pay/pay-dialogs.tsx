// The admin's dialogs for pay (docs/decisions/033): adjust a statement (a lesson of it or the
// whole; a signed amount and a reason, checked by the server's own schema) and set a rate.
import { Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { MAX_AMOUNT } from '#common/money.ts';
import {
  PAY_RATE_KINDS,
  type PayRateKind,
  type PayStatementDto,
  payAdjustmentInput,
  payRateInput,
} from '#common/teacher-pay.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { language, t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useAdjust, usePayOptions, useSetRate } from './api.ts';
import { monthOptions, thisMonth } from './months.ts';

const WHOLE = '';
const numberOf = (value: number | string) => (value === '' ? Number.NaN : Number(value));
const grouping = {
  thousandSeparator: language === 'en' ? ',' : '.',
  decimalSeparator: language === 'en' ? '.' : ',',
  allowDecimal: false,
  hideControls: true,
} as const;

export function AdjustDialog({
  statement,
  onClose,
}: {
  statement: PayStatementDto | null;
  onClose: () => void;
}) {
  const adjust = useAdjust();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: { schedule_id: WHOLE, amount: '' as number | string, reason: '' },
    schema: payAdjustmentInput,
    toInput: (values) => ({
      schedule_id: values.schedule_id || null,
      amount: numberOf(values.amount),
      reason: values.reason,
    }),
  });
  const close = () => {
    reset({ schedule_id: WHOLE, amount: '', reason: '' });
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input || !statement) return;
    adjust.mutate(
      { month: statement.month, teacherId: statement.teacher_id, input },
      {
        onSuccess: (result) => {
          notifySuccess(noticeText(result));
          close();
        },
        onError: (error) => showError(error),
      },
    );
  };
  const lines = [
    { value: WHOLE, label: t('pay.wholeStatement') },
    ...(statement?.lines ?? []).flatMap((line) =>
      line.schedule_id
        ? [
            {
              value: line.schedule_id,
              label: `${formatCalendarDate(line.lesson_date)} · ${line.class_name}`,
            },
          ]
        : [],
    ),
  ];
  return (
    <Modal opened={statement !== null} onClose={close} title={t('pay.adjustTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('pay.adjustHint')}
          </Text>
          <FormError message={formError} />
          <Select
            label={t('pay.adjustLine')}
            data={lines}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('schedule_id')}
          />
          <NumberInput
            label={t('pay.adjustAmount')}
            {...grouping}
            allowNegative
            min={-MAX_AMOUNT}
            max={MAX_AMOUNT}
            {...form.getInputProps('amount')}
            required
          />
          <Textarea
            label={t('pay.adjustReason')}
            autosize
            minRows={2}
            {...form.getInputProps('reason')}
            required
          />
          <FormActions onCancel={close} submitLabel={t('pay.adjust')} loading={adjust.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

type RateValues = {
  teacher_id: string | null;
  class_id: string | null;
  kind: PayRateKind;
  amount: number | string;
  effective_from: string;
};
const blankRate = (): RateValues => ({
  teacher_id: null,
  class_id: null,
  kind: 'per_lesson',
  amount: '',
  effective_from: thisMonth(),
});

export function RateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const setRate = useSetRate();
  const options = usePayOptions();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blankRate(),
    schema: payRateInput,
    toInput: (values: RateValues) =>
      ({
        ...values,
        teacher_id: values.teacher_id ?? '',
        amount: numberOf(values.amount),
      }) as never,
  });
  const close = () => {
    reset(blankRate());
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    setRate.mutate(input as never, {
      onSuccess: (result) => {
        notifySuccess(noticeText(result));
        close();
      },
      onError: (error) => showError(error),
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('pay.addRate')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('pay.rateHint')}
          </Text>
          <FormError message={formError} />
          <Select
            label={t('pay.teacher')}
            data={(options.data?.teachers ?? []).map((teacher) => ({
              value: teacher.user_id,
              label: teacher.full_name,
            }))}
            searchable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('teacher_id')}
            required
          />
          <Select
            label={t('pay.rateClass')}
            data={(options.data?.classes ?? []).map((klass) => ({
              value: klass.class_id,
              label: klass.class_name,
            }))}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('class_id')}
          />
          <Select
            label={t('pay.kind')}
            data={PAY_RATE_KINDS.map((kind) => ({ value: kind, label: t(`pay.kind.${kind}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('kind')}
            required
          />
          <NumberInput
            label={t('pay.rateAmount')}
            description={form.values.kind === 'per_hour' ? t('pay.roundingHint') : undefined}
            {...grouping}
            allowNegative={false}
            min={1}
            max={MAX_AMOUNT}
            inputMode="numeric"
            {...form.getInputProps('amount')}
            required
          />
          <Select
            label={t('pay.effectiveFrom')}
            data={monthOptions(true)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('effective_from')}
            required
          />
          <FormActions
            onCancel={close}
            submitLabel={t('pay.addRate')}
            loading={setRate.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
