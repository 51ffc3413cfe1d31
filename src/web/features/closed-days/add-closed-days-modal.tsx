// Adding one closed day or a run of days under one name. The reply names the lessons already
// planned on them: the dialog then lists those, with what may be done to each, before it closes.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { addClosedDaysInput, type ClosedDaysAddedDto } from '#common/closed-days.ts';
import type { LessonDto } from '#common/lessons.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useAddClosedDays } from './api.ts';
import { ClosedDayLessons } from './closed-day-lessons.tsx';

const blank = { name: '', from_date: '', to_date: '' };
type Values = typeof blank;
const toInput = (values: Values) => ({
  name: values.name,
  from_date: values.from_date,
  to_date: values.to_date || null,
});

/** What the days just added left to deal with: their lessons, listed until the dialog closes. */
export function LessonsOnNewDays({
  added,
  actions,
  onClose,
}: {
  added: Pick<ClosedDaysAddedDto, 'days' | 'lessons'>;
  actions?: (lesson: LessonDto) => ReactNode;
  onClose: () => void;
}) {
  const names = new Map(added.days.map((day) => [day.date, day.name]));
  return (
    <Stack>
      <Text size="sm" role="status">
        {t('closedDays.lessonsOnNewDays', { count: added.lessons.length })}
      </Text>
      <ClosedDayLessons
        lessons={added.lessons}
        closedDays={names}
        label={t('closedDays.lessonsTitle')}
        actions={actions}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}

export function AddClosedDaysModal({
  opened,
  onClose,
  lessonActions,
}: {
  opened: boolean;
  onClose: () => void;
  lessonActions?: (lesson: LessonDto) => ReactNode;
}) {
  const add = useAddClosedDays();
  const [added, setAdded] = useState<ClosedDaysAddedDto | null>(null);
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blank,
    schema: addClosedDaysInput,
    toInput,
  });

  useEffect(() => {
    if (opened) {
      reset(blank);
      setAdded(null);
    }
  }, [opened]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    add.mutate(input, {
      onSuccess: (result) => {
        notifySuccess(noticeText({ code: 'CLOSED_DAYS_ADDED', ...result }));
        if (result.lessons.length > 0) setAdded(result);
        else onClose();
      },
      onError: (error) => showError(error),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('closedDays.add')} centered>
      {added ? (
        <LessonsOnNewDays added={added} actions={lessonActions} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <FormError message={formError} />
            <TextInput
              label={t('closedDays.name')}
              placeholder={t('closedDays.namePlaceholder')}
              {...form.getInputProps('name')}
              required
            />
            <DateField
              label={t('closedDays.fromDate')}
              value={form.values.from_date}
              onChange={(value) => form.setFieldValue('from_date', value)}
              error={form.errors.from_date}
              required
            />
            <DateField
              label={t('closedDays.toDate')}
              description={t('closedDays.toDateHint')}
              value={form.values.to_date}
              onChange={(value) => form.setFieldValue('to_date', value)}
              error={form.errors.to_date}
              clearable
            />
            <FormActions
              onCancel={onClose}
              submitLabel={t('closedDays.submit')}
              loading={add.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
