// A student's discounts (siblings, a scholarship): read by the student, staff and admin; the admin
// adds one (a percentage or an amount, a reason, from a day) and ends a running one today. Never
// deleted: an ended discount still explains the invoices it lowered.
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { hasPermission } from '#common/permissions.ts';
import type { DiscountDto } from '#common/tuition.ts';
import { confirmThen } from '#web/components/confirm.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { dayjs, formatCalendarDate, todayInCenter } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useDiscounts, useEndDiscount } from './api.ts';
import { money } from './money-text.ts';

// Its dialog loads when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const AddDiscountDialog = lazyDialog(
  () => import('./add-discount-dialog.tsx').then((m) => m.AddDiscountDialog),
  ({ opened }) => opened,
);

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
