// The 'Học bù' card's dialog (issue 28, docs/decisions/032): how many days a make-up credit lasts
// after the missed lesson, and whether students book their own make-ups.
import { Modal, NumberInput, Stack, Switch } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { centerOptionsInput, MAKEUP_CREDIT_DAYS } from '#common/center.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useCenterSettings, useSaveCenterOptions } from './api.ts';

type Values = { makeup_credit_days: number | string; students_book_makeups: boolean };

export function MakeupsOptionsDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const center = useCenterSettings();
  const save = useSaveCenterOptions();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: {
      makeup_credit_days: MAKEUP_CREDIT_DAYS.default,
      students_book_makeups: false,
    } as Values,
    schema: centerOptionsInput,
    toInput: (values: Values) => ({
      // An emptied field is '' here: the schema refuses it with the range's message.
      makeup_credit_days: values.makeup_credit_days as number,
      students_book_makeups: values.students_book_makeups,
    }),
  });

  useEffect(() => {
    if (!opened || !center.data) return;
    reset({
      makeup_credit_days: center.data.makeup_credit_days,
      students_book_makeups: center.data.students_book_makeups,
    });
  }, [opened]);

  const guard = useGuardedClose({ opened, dirty: form.isDirty(), onClose });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    save.mutate(input, {
      onSuccess: (result) => {
        notifySuccess(noticeText(result));
        reset(form.getValues());
        onClose();
      },
      onError: (error) => showError(error),
    });
  };

  return (
    <Modal opened={opened} {...guard.modalProps} title={t('makeups.settings.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={formError} />
          <NumberInput
            label={t('makeups.settings.days')}
            description={t('makeups.settings.daysHint')}
            min={MAKEUP_CREDIT_DAYS.min}
            max={MAKEUP_CREDIT_DAYS.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('makeup_credit_days')}
          />
          <Switch
            label={t('makeups.settings.studentsBook')}
            description={t('makeups.settings.studentsBookHint')}
            {...form.getInputProps('students_book_makeups', { type: 'checkbox' })}
          />
          <FormActions
            onCancel={guard.close}
            submitLabel={t('common.save')}
            loading={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
