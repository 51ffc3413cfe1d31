// A class's fee plan in its details dialog (issue 27): staff and admin read it; the admin sets it
// (per lesson, with which absences are charged; per month; per course, optionally in instalments
// that add up to it) or removes it. The form checks with the schema the server applies.
import { ActionIcon, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { hasPermission } from '#common/permissions.ts';
import {
  CHARGED_ABSENCES,
  type ChargedAbsences,
  FEE_PLAN_KINDS,
  type FeePlanDto,
  type FeePlanKind,
  feePlanInput,
  MAX_INSTALMENTS,
} from '#common/tuition.ts';
import { confirmThen } from '#web/components/confirm.tsx';
import { DateField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { formatCalendarDate, formatDateTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useFeePlan, useRemoveFeePlan, useSaveFeePlan } from './api.ts';
import { amountOf, MoneyInput } from './money-input.tsx';
import { money } from './money-text.ts';

function PlanSummary({ plan }: { plan: FeePlanDto }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="fee-plan">
      <Stack gap={4}>
        <Text fw={700}>{t(`tuition.plan.${plan.kind}`)}</Text>
        <Text>{t(`tuition.planSummary.${plan.kind}`, { amount: money(plan.amount) })}</Text>
        {plan.charged_absences && (
          <Text size="sm" c="dimmed">
            {t('tuition.chargedAbsences')}: {t(`tuition.absences.${plan.charged_absences}`)}
          </Text>
        )}
        {plan.instalments.map((part, index) => (
          <Text size="sm" key={part.due_date}>
            {t('tuition.instalment', {
              n: index + 1,
              amount: money(part.amount),
              date: formatCalendarDate(part.due_date),
            })}
          </Text>
        ))}
        {plan.updated_by_name && (
          <Text size="xs" c="dimmed">
            {t('tuition.planUpdated', {
              time: formatDateTime(plan.updated_at),
              name: plan.updated_by_name,
            })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

type PartValues = { amount: number | string; due_date: string };
type PlanValues = {
  kind: FeePlanKind;
  amount: number | string;
  charged_absences: ChargedAbsences;
  instalments: PartValues[];
};

const valuesOf = (plan: FeePlanDto | null): PlanValues => ({
  kind: plan?.kind ?? 'per_month',
  amount: plan?.amount ?? '',
  charged_absences: plan?.charged_absences ?? 'unexcused',
  instalments: plan?.instalments ?? [],
});

function PlanForm({
  classId,
  plan,
  onDone,
}: {
  classId: string;
  plan: FeePlanDto | null;
  onDone: () => void;
}) {
  const save = useSaveFeePlan();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: valuesOf(plan),
    schema: feePlanInput,
    toInput: (values: PlanValues) =>
      ({
        kind: values.kind,
        amount: amountOf(values.amount),
        ...(values.kind === 'per_lesson' ? { charged_absences: values.charged_absences } : {}),
        ...(values.kind === 'per_course'
          ? {
              instalments: values.instalments.map((part) => ({
                amount: amountOf(part.amount),
                due_date: part.due_date,
              })),
            }
          : {}),
      }) as never,
  });
  useEffect(() => reset(valuesOf(plan)), [plan?.updated_at]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    save.mutate(
      { classId, plan: input },
      {
        onSuccess: (result) => {
          notifySuccess(noticeText(result));
          onDone();
        },
        onError: (error) => showError(error),
      },
    );
  };
  const { kind, instalments } = form.values;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={formError ?? (form.errors.instalments as string | undefined)} />
        <Select
          label={t('tuition.planKind')}
          data={FEE_PLAN_KINDS.map((value) => ({ value, label: t(`tuition.plan.${value}`) }))}
          allowDeselect={false}
          {...form.getInputProps('kind')}
          required
        />
        <MoneyInput
          label={t(`tuition.planAmount.${kind}`)}
          description={kind === 'per_month' ? t('tuition.planMonthHint') : t('tuition.amountHint')}
          {...form.getInputProps('amount')}
          required
        />
        {kind === 'per_lesson' && (
          <Select
            label={t('tuition.chargedAbsences')}
            data={CHARGED_ABSENCES.map((value) => ({
              value,
              label: t(`tuition.absences.${value}`),
            }))}
            allowDeselect={false}
            {...form.getInputProps('charged_absences')}
            required
          />
        )}
        {kind === 'per_course' && (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('tuition.instalments')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('tuition.instalmentsHint')}
            </Text>
            {instalments.map((part, index) => (
              <Group key={index} align="flex-end" wrap="wrap" gap="xs">
                <MoneyInput
                  label={t('tuition.instalmentAmount', { n: index + 1 })}
                  {...form.getInputProps(`instalments.${index}.amount`)}
                  w={180}
                />
                <DateField
                  label={t('tuition.instalmentDue', { n: index + 1 })}
                  value={part.due_date}
                  onChange={(value) => form.setFieldValue(`instalments.${index}.due_date`, value)}
                  error={form.errors[`instalments.${index}.due_date`]}
                  w={180}
                />
                <ActionIcon
                  variant="subtle"
                  color="error"
                  mb={4}
                  aria-label={t('tuition.removeInstalment', { n: index + 1 })}
                  onClick={() => form.removeListItem('instalments', index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {instalments.length < MAX_INSTALMENTS && (
              <Button
                variant="subtle"
                size="xs"
                w="fit-content"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => form.insertListItem('instalments', { amount: '', due_date: '' })}
              >
                {t('tuition.addInstalment')}
              </Button>
            )}
          </Stack>
        )}
        <FormActions onCancel={onDone} submitLabel={t('tuition.save')} loading={save.isPending} />
      </Stack>
    </form>
  );
}

export function FeePlanTab({ classId, className }: { classId: string; className: string }) {
  const role = useSession().data!.user.role;
  const manage = hasPermission(role, 'manage_fee_plans');
  const plan = useFeePlan(classId);
  const remove = useRemoveFeePlan();
  const [editing, setEditing] = useState(false);
  if (!plan.data) return <QueryState query={plan} errorMessage={t('error.INTERNAL')} />;
  const current = plan.data.plan;
  if (editing) {
    return <PlanForm classId={classId} plan={current} onDone={() => setEditing(false)} />;
  }
  const removePlan = () =>
    confirmThen({
      title: t('tuition.removePlan'),
      message: t('tuition.removePlanMessage', { class: className }),
      danger: true,
      onConfirm: () =>
        remove.mutate(classId, {
          onSuccess: (result) => notifySuccess(noticeText(result)),
          onError: (error) => notifyError(errorText(error)),
        }),
    });
  return (
    <Stack>
      {current ? <PlanSummary plan={current} /> : <Text c="dimmed">{t('tuition.noPlan')}</Text>}
      {manage ? (
        <Group>
          <Button onClick={() => setEditing(true)}>
            {t(current ? 'tuition.editPlan' : 'tuition.setPlan')}
          </Button>
          {current && (
            <Button variant="light" color="error" onClick={removePlan} loading={remove.isPending}>
              {t('tuition.removePlan')}
            </Button>
          )}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {t('tuition.planReadOnly')}
        </Text>
      )}
    </Stack>
  );
}
