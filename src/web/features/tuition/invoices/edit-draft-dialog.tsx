// A draft invoice edited before it is issued (staff, admin): its due date, each line's quantity and
// price, lines removed, and typed lines added (a charge or a discount, with their own text). The
// server makes the kept lines' text again from their label; the total may not go below zero.
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect } from 'react';
import { type EditDraftRequest, editDraftInput, type InvoiceDto } from '#common/invoices.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { amountOf, MoneyInput } from '../money-input.tsx';
import { money } from '../money-text.ts';
import { useEditDraft } from './api.ts';
import { isDiscountLine, lineText } from './invoice-text.ts';

interface LineValues {
  key: string;
  line_id?: string;
  kind: 'charge' | 'discount';
  /** A kept line's text (made from its label); a typed line's own, in `description`. */
  text: string | null;
  description: string;
  quantity: number | string;
  unit_amount: number | string;
}
type DraftValues = { due_date: string; lines: LineValues[] };

const valuesOf = (invoice: InvoiceDto): DraftValues => ({
  due_date: invoice.due_date,
  lines: invoice.lines.map((line) => ({
    key: line.line_id,
    line_id: line.line_id,
    kind: isDiscountLine(line) ? 'discount' : 'charge',
    text: line.description ? null : lineText(line),
    description: line.description ?? '',
    quantity: line.quantity,
    unit_amount: line.unit_amount,
  })),
});

const toInput = (values: DraftValues): EditDraftRequest => ({
  due_date: values.due_date,
  lines: values.lines.map((line) => {
    const quantity = line.quantity === '' ? Number.NaN : Number(line.quantity);
    const unit_amount = amountOf(line.unit_amount);
    return line.line_id
      ? { line_id: line.line_id, quantity, unit_amount }
      : { kind: line.kind, description: line.description, quantity, unit_amount };
  }),
});

export function EditDraftDialog({
  invoice,
  opened,
  onClose,
}: {
  invoice: InvoiceDto;
  opened: boolean;
  onClose: () => void;
}) {
  const edit = useEditDraft();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: valuesOf(invoice),
    schema: editDraftInput,
    toInput,
  });
  useEffect(() => {
    if (opened) reset(valuesOf(invoice));
  }, [opened]);
  const add = (kind: 'charge' | 'discount') =>
    form.insertListItem('lines', {
      key: crypto.randomUUID(),
      kind,
      text: null,
      description: '',
      quantity: 1,
      unit_amount: '',
    } satisfies LineValues);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    edit.mutate(
      { invoiceId: invoice.invoice_id, input },
      {
        onSuccess: (result) => {
          notifySuccess(noticeText(result));
          onClose();
        },
        onError: (error) => showError(error),
      },
    );
  };
  const total = form.values.lines.reduce((sum, line) => {
    const amount = Number(line.quantity || 0) * Number(line.unit_amount || 0);
    return sum + (line.kind === 'discount' ? -amount : amount);
  }, 0);
  return (
    <Modal opened={opened} onClose={onClose} title={t('invoices.edit')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={formError ?? (form.errors.lines as string | undefined)} />
          <DateField
            label={t('invoices.dueDate')}
            value={form.values.due_date}
            onChange={(value) => form.setFieldValue('due_date', value)}
            error={form.errors.due_date}
            required
          />
          {form.values.lines.map((line, index) => {
            const n = index + 1;
            return (
              <Paper key={line.key} withBorder radius="md" p="sm" data-testid="draft-line">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    {line.text !== null ? (
                      <Text size="sm" fw={600} miw={0}>
                        {line.text}
                      </Text>
                    ) : (
                      <TextInput
                        label={`${t('invoices.lineN', { n })}: ${t(
                          line.kind === 'discount' ? 'invoices.newDiscount' : 'invoices.newCharge',
                        )}`}
                        flex={1}
                        miw={0}
                        {...form.getInputProps(`lines.${index}.description`)}
                        required
                      />
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="error"
                      aria-label={t('invoices.removeLine', { n })}
                      onClick={() => form.removeListItem('lines', index)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                  <SimpleGrid cols={2} spacing="xs">
                    <NumberInput
                      label={`${t('invoices.quantity')} (${t('invoices.lineN', { n })})`}
                      allowDecimal={false}
                      allowNegative={false}
                      min={1}
                      max={1000}
                      inputMode="numeric"
                      {...form.getInputProps(`lines.${index}.quantity`)}
                    />
                    <MoneyInput
                      label={`${t('invoices.unitPrice')} (${t('invoices.lineN', { n })})`}
                      min={0}
                      leftSection={
                        line.kind === 'discount' ? <IconMinus size={12} aria-hidden /> : undefined
                      }
                      {...form.getInputProps(`lines.${index}.unit_amount`)}
                    />
                  </SimpleGrid>
                </Stack>
              </Paper>
            );
          })}
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => add('charge')}
            >
              {t('invoices.addCharge')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconMinus size={14} aria-hidden />}
              onClick={() => add('discount')}
            >
              {t('invoices.addDiscount')}
            </Button>
          </Group>
          <Group justify="space-between">
            <Text fw={700}>{t('invoices.total')}</Text>
            <Text fw={700} data-testid="draft-total">
              {Number.isFinite(total) ? money(total) : '—'}
            </Text>
          </Group>
          <FormActions
            onCancel={onClose}
            submitLabel={t('invoices.save')}
            loading={edit.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
