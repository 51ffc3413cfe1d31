// A student's invoices on their account (issue 27), above the ledger's entries: one card each (it
// reads on a phone) with its number ('Nháp' for a draft), class, month, total, paid, outstanding,
// due date and state ('Quá hạn' when overdue); each opens the invoice. Admin and staff make a
// draft for one of the student's classes and a month ("Lập hoá đơn"), then open it to edit or
// issue it. A student sees their own issued invoices.
import { Badge, Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { type InvoiceSummaryDto, newInvoiceInput } from '#common/invoices.ts';
import { hasPermission } from '#common/permissions.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { formatCalendarDate, todayInCenter } from '#web/lib/dates.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { money } from '../money-text.ts';
import { useCreateDraft, useStudentClasses, useStudentInvoices } from './api.ts';
import {
  defaultDueDate,
  invoicePath,
  monthOptions,
  monthText,
  numberText,
  STATE_COLOR,
  stateText,
} from './invoice-text.ts';

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

type DraftValues = { class_id: string | null; period: string; due_date: string };
const blankDraft = (): DraftValues => ({
  class_id: null,
  period: todayInCenter().slice(0, 7),
  due_date: defaultDueDate(todayInCenter().slice(0, 7), todayInCenter()),
});

function NewInvoiceDialog({
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
