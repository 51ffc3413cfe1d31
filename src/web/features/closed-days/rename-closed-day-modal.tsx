// Renaming one closed day ("Nghỉ lễ" → "Quốc khánh").
import { Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { type ClosedDayDto, renameClosedDayInput } from '#common/closed-days.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useRenameClosedDay } from './api.ts';
import { formatDay } from './day-format.ts';

export function RenameClosedDayModal({
  day,
  onClose,
}: {
  day: ClosedDayDto | null;
  onClose: () => void;
}) {
  const rename = useRenameClosedDay();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: { name: '' },
    schema: renameClosedDayInput,
  });
  useEffect(() => {
    if (day) reset({ name: day.name });
  }, [day]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!day || !input) return;
    rename.mutate(
      { date: day.date, name: input.name },
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
    <Modal
      opened={day !== null}
      onClose={onClose}
      title={day ? t('closedDays.renameNamed', { date: formatDay(day.date) }) : ''}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={formError} />
          <TextInput label={t('closedDays.name')} {...form.getInputProps('name')} required />
          <FormActions
            onCancel={onClose}
            submitLabel={t('common.save')}
            loading={rename.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
