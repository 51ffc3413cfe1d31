// 'Lập hoá đơn' (invoices-section.tsx): a draft for one of the student's classes and a month, then
// opened to edit or issue it. Loaded when first opened.
import { Modal, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { useLocation } from 'wouter';
import { newInvoiceInput } from '#common/invoices.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { todayInCenter } from '#web/lib/dates.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useCreateDraft, useStudentClasses } from './api.ts';
import { defaultDueDate, invoicePath, monthOptions } from './invoice-text.ts';

type DraftValues = { class_id: string | null; period: string; due_date: string };
const blankDraft = (): DraftValues => ({
  class_id: null,
  period: todayInCenter().slice(0, 7),
  due_date: defaultDueDate(todayInCenter().slice(0, 7), todayInCenter()),
});

export function NewInvoiceDialog({
  studentId,
  opened,
  onClose,
}: {
  studentId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateDraft();
  const [, navigate] = useLocation();
  const classes = useStudentClasses(studentId, opened);
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blankDraft(),
    schema: newInvoiceInput,
    toInput: (values: DraftValues) => ({
      ...values,
      student_id: studentId,
      class_id: values.class_id ?? '',
    }),
  });
  useEffect(() => {
    if (!opened) return;
    reset(blankDraft());
  }, [opened]);
  // A student in one class: that class, chosen.
  useEffect(() => {
    const only = classes.data?.length === 1 ? classes.data[0] : undefined;
    if (opened && only && !form.values.class_id) form.setFieldValue('class_id', only.value);
  }, [opened, classes.data]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    create.mutate(input, {
      onSuccess: (result) => {
        notifySuccess(noticeText(result));
        onClose();
        navigate(invoicePath(result.invoice.invoice_id));
      },
      onError: (error) => showError(error),
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('invoices.create')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('invoices.createHint')}
          </Text>
          <FormError message={formError} />
          <Select
            label={t('invoices.class')}
            placeholder={t('invoices.pickClass')}
            data={classes.data ?? []}
            nothingFoundMessage={t('invoices.noClasses')}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('class_id')}
            required
          />
          <Select
            label={t('invoices.month')}
            data={monthOptions(todayInCenter())}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('period')}
            onChange={(value) => {
              form.setFieldValue('period', value ?? '');
              // Another month: its own due date.
              if (value) form.setFieldValue('due_date', defaultDueDate(value, todayInCenter()));
            }}
            required
          />
          <DateField
            label={t('invoices.dueDate')}
            value={form.values.due_date}
            onChange={(value) => form.setFieldValue('due_date', value)}
            error={form.errors.due_date}
            required
          />
          <FormActions
            onCancel={onClose}
            submitLabel={t('invoices.create')}
            loading={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
