// A month's run (issue 27, staff and admin): a month, one class or the whole center, a due date →
// a preview of every invoice (student, class, its lines, total) and of who is left out and why →
// "Phát hành N hoá đơn", sent under ONE Idempotency-Key for that preview (a double click or a retry
// issues nothing twice), with the progress shown while it runs and the server's notice after.
import { Alert, Button, Group, Modal, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { IconEye, IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { type InvoiceRunInput, invoiceRunInput, type RunPreviewDto } from '#common/invoices.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { FormError } from '#web/components/form-parts.tsx';
import { PreviewTable } from '#web/components/preview-table.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { todayInCenter } from '#web/lib/dates.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { useKeyPerOpening } from '#web/lib/key-per-opening.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { keyFor } from '../ledger-dialogs.tsx';
import { money } from '../money-text.ts';
import { useClassChoices, usePreviewRun, useRunInvoices } from './api.ts';
import { defaultDueDate, lineText, monthOptions } from './invoice-text.ts';

const WHOLE_CENTER = '*';
type RunValues = { period: string; class_id: string; due_date: string };
const blank = (): RunValues => ({
  period: todayInCenter().slice(0, 7),
  class_id: WHOLE_CENTER,
  due_date: defaultDueDate(todayInCenter().slice(0, 7), todayInCenter()),
});
const toInput = (values: RunValues): InvoiceRunInput => ({
  period: values.period,
  due_date: values.due_date,
  ...(values.class_id === WHOLE_CENTER ? {} : { class_id: values.class_id }),
});

function Preview({ preview }: { preview: RunPreviewDto }) {
  return (
    <Stack gap="sm">
      <Text fw={700} data-testid="run-total">
        {t('invoices.previewTotal', {
          count: preview.invoices.length,
          amount: money(preview.total),
        })}
      </Text>
      {preview.invoices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('invoices.previewEmpty')}
        </Text>
      ) : (
        <PreviewTable
          label={t('invoices.preview')}
          headers={[
            t('invoices.student'),
            t('invoices.class'),
            t('invoices.lines'),
            t('invoices.total'),
          ]}
          maxHeight={320}
        >
          {preview.invoices.map((invoice) => (
            <Table.Tr key={`${invoice.class_id}:${invoice.student_id}`}>
              <Table.Td>{invoice.student_name}</Table.Td>
              <Table.Td>{invoice.class_name}</Table.Td>
              <Table.Td>
                {invoice.lines.map((line, index) => (
                  <Text key={index} size="xs">
                    {lineText(line)}: {money(line.amount)}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(invoice.total)}</Table.Td>
            </Table.Tr>
          ))}
        </PreviewTable>
      )}
      {preview.skipped.length > 0 && (
        <Text fw={600} size="sm">
          {t('invoices.skippedCount', { count: preview.skipped.length })}
        </Text>
      )}
      {preview.skipped.length > 0 && (
        <PreviewTable
          label={t('invoices.skipped')}
          headers={[t('invoices.student'), t('invoices.class'), t('tuition.reason')]}
          maxHeight={200}
        >
          {preview.skipped.map((skip, index) => (
            <Table.Tr key={`${skip.class_id}:${skip.student_id ?? index}`}>
              <Table.Td>{skip.student_name ?? t('invoices.wholeClass')}</Table.Td>
              <Table.Td>{skip.class_name}</Table.Td>
              <Table.Td>{t(`invoices.skipReason.${skip.reason}`)}</Table.Td>
            </Table.Tr>
          ))}
        </PreviewTable>
      )}
    </Stack>
  );
}

export function InvoiceRunDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const classes = useClassChoices(opened);
  const preview = usePreviewRun();
  const run = useRunInvoices();
  const [shown, setShown] = useState<{ input: InvoiceRunInput; preview: RunPreviewDto } | null>(
    null,
  );
  const [done, setDone] = useState<string | null>(null);
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blank(),
    schema: invoiceRunInput,
    toInput,
  });
  const openingKey = useKeyPerOpening(opened, () => {
    reset(blank());
    setShown(null);
    setDone(null);
    preview.reset();
    run.reset();
  });
  // A changed choice makes the preview stale: it is previewed again before issuing.
  const change = (field: keyof RunValues) => (value: string | null) => {
    form.setFieldValue(field, value ?? '');
    // Another month: its own due date.
    if (field === 'period' && value) {
      form.setFieldValue('due_date', defaultDueDate(value, todayInCenter()));
    }
    setShown(null);
    setDone(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    preview.mutate(input, {
      onSuccess: (result) => setShown({ input, preview: result }),
      onError: (error) => showError(error),
    });
  };
  const issue = () => {
    if (!shown) return;
    run.mutate(
      // One key for this preview: the same run sent twice is issued once.
      { input: shown.input, key: keyFor(openingKey, shown.input) },
      {
        onSuccess: (result) => {
          const text = noticeText(result);
          notifySuccess(text);
          setDone(text);
        },
        onError: (error) => showError(error),
      },
    );
  };
  const count = shown?.preview.invoices.length ?? 0;
  return (
    <Modal opened={opened} onClose={onClose} title={t('invoices.run')} centered size="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('invoices.runHint')}
          </Text>
          <FormError message={formError} />
          <Select
            label={t('invoices.month')}
            data={monthOptions(todayInCenter())}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('period')}
            onChange={change('period')}
            required
          />
          <Select
            label={t('invoices.runScope')}
            data={[
              { value: WHOLE_CENTER, label: t('invoices.wholeCenter') },
              ...(classes.data ?? []),
            ]}
            allowDeselect={false}
            searchable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('class_id')}
            onChange={change('class_id')}
            required
          />
          <DateField
            label={t('invoices.dueDate')}
            value={form.values.due_date}
            onChange={(value) => change('due_date')(value)}
            error={form.errors.due_date}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('tuition.close')}
            </Button>
            <Button
              type="submit"
              variant={shown ? 'light' : 'filled'}
              loading={preview.isPending}
              disabled={run.isPending}
              leftSection={<IconEye size={16} aria-hidden />}
            >
              {t('invoices.preview')}
            </Button>
          </Group>
          {shown && <Preview preview={shown.preview} />}
          {run.isPending && (
            <Stack gap={4} role="status">
              <Text size="sm">{t('invoices.issuing', { count })}</Text>
              <Progress
                value={100}
                animated
                striped
                aria-label={t('invoices.issuing', { count })}
              />
            </Stack>
          )}
          {done && (
            <Alert color="success" role="status" data-testid="run-done">
              {done}
            </Alert>
          )}
          {shown && !done && (
            <Group justify="flex-end">
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                disabled={count === 0}
                loading={run.isPending}
                onClick={issue}
              >
                {t('invoices.issueAll', { count })}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
