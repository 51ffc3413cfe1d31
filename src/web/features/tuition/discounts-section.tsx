// A student's discounts (siblings, a scholarship): read by the student, staff and admin; the admin
// adds one (a percentage or an amount, a reason, from a day) and ends a running one today. Never
// deleted: an ended discount still explains the invoices it lowered.
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { hasPermission } from '#common/permissions.ts';
import { type DiscountDto, type DiscountKind, discountInput } from '#common/tuition.ts';
import { confirmThen } from '#web/components/confirm.tsx';
import { DateField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { dayjs, formatCalendarDate, todayInCenter } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useAddDiscount, useDiscounts, useEndDiscount } from './api.ts';
import { amountOf, MoneyInput } from './money-input.tsx';
import { money } from './money-text.ts';

const discountText = (discount: Pick<DiscountDto, 'kind' | 'value'>) =>
  discount.kind === 'percent'
    ? t('tuition.discountPercent', { value: discount.value })
    : t('tuition.discountFixed', { amount: money(discount.value) });

function DiscountCard({ discount, manage }: { discount: DiscountDto; manage: boolean }) {
  const end = useEndDiscount();
  // Today, or (a discount not started yet) the day before it starts: it then never applies.
  const dayBefore = dayjs(discount.starts_on).subtract(1, 'day').format('YYYY-MM-DD');
  const [today] = [todayInCenter(), dayBefore].sort().reverse() as [string];
  const running = discount.ends_on === null;
  const endIt = () =>
    confirmThen({
      title: t('tuition.endDiscount'),
      message: t('tuition.endDiscountMessage', {
        reason: discount.reason,
        date: formatCalendarDate(today),
      }),
      danger: true,
      onConfirm: () =>
        end.mutate(
          { discountId: discount.discount_id, endsOn: today },
          {
            onSuccess: (result) => notifySuccess(noticeText(result)),
            onError: (error) => notifyError(errorText(error)),
          },
        ),
    });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="discount-card" aria-label={discount.reason}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={700}>{discountText(discount)}</Text>
            {!running && (
              <Badge variant="light" color="gray" tt="none">
                {t('tuition.discountBetween', {
                  from: formatCalendarDate(discount.starts_on),
                  to: formatCalendarDate(discount.ends_on!),
                })}
              </Badge>
            )}
          </Group>
          <Text size="sm">{discount.reason}</Text>
          {running && (
            <Text size="xs" c="dimmed">
              {t('tuition.discountSince', { from: formatCalendarDate(discount.starts_on) })}
            </Text>
          )}
        </Stack>
        {manage && running && (
          <Button size="xs" variant="light" color="error" onClick={endIt} loading={end.isPending}>
            {t('tuition.endDiscount')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

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

function AddDiscountDialog({
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

export function DiscountsSection({ studentId }: { studentId: string }) {
  const role = useSession().data!.user.role;
  const manage = hasPermission(role, 'manage_ledger');
  const discounts = useDiscounts(studentId);
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('tuition.discounts')}
        </Title>
        {manage && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            {t('tuition.addDiscount')}
          </Button>
        )}
      </Group>
      {discounts.data ? (
        discounts.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tuition.noDiscounts')}
          </Text>
        ) : (
          discounts.data.map((discount) => (
            <DiscountCard key={discount.discount_id} discount={discount} manage={manage} />
          ))
        )
      ) : (
        <QueryState query={discounts} errorMessage={t('error.INTERNAL')} />
      )}
      {manage && (
        <AddDiscountDialog studentId={studentId} opened={adding} onClose={() => setAdding(false)} />
      )}
    </Stack>
  );
}
