// The 'Users' card's dialog (issue 26): the language new accounts start in (or their browser's),
// how long a first password is valid, and whether staff may export lists.
import { Modal, NumberInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { centerOptionsInput, FIRST_PASSWORD_HOURS } from '#common/center.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useCenterSettings, useSaveCenterOptions } from './api.ts';

type Values = {
  new_user_language: 'vi' | 'en' | 'browser';
  first_password_hours: number | string;
  staff_may_export: boolean;
};

export function UsersOptionsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const center = useCenterSettings();
  const save = useSaveCenterOptions();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: {
      new_user_language: 'browser',
      first_password_hours: FIRST_PASSWORD_HOURS.default,
      staff_may_export: true,
    } as Values,
    schema: centerOptionsInput,
    toInput: (values: Values) => ({
      new_user_language: values.new_user_language === 'browser' ? null : values.new_user_language,
      // An emptied field is '' here: the schema refuses it with the range's message.
      first_password_hours: values.first_password_hours as number,
      staff_may_export: values.staff_may_export,
    }),
  });

  // Filled when the dialog opens from the settings as they are.
  useEffect(() => {
    if (!opened || !center.data) return;
    reset({
      new_user_language: center.data.new_user_language ?? 'browser',
      first_password_hours: center.data.first_password_hours,
      staff_may_export: center.data.staff_may_export,
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
    <Modal
      opened={opened}
      {...guard.modalProps}
      title={t('settingsCards.users.dialogTitle')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={formError} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="new-user-language-label">
              {t('settingsCards.users.language')}
            </Text>
            <SegmentedControl
              aria-labelledby="new-user-language-label"
              data={[
                { value: 'vi', label: t('language.vi') },
                { value: 'en', label: t('language.en') },
                { value: 'browser', label: t('settingsCards.users.languageBrowser') },
              ]}
              {...form.getInputProps('new_user_language')}
            />
            <Text size="xs" c="dimmed">
              {t('settingsCards.users.languageHint')}
            </Text>
          </Stack>
          <NumberInput
            label={t('settingsCards.users.hours')}
            description={t('settingsCards.users.hoursHint')}
            min={FIRST_PASSWORD_HOURS.min}
            max={FIRST_PASSWORD_HOURS.max}
            allowDecimal={false}
            allowNegative={false}
            // Out of bounds is said, not silently corrected.
            clampBehavior="none"
            {...form.getInputProps('first_password_hours')}
          />
          <Switch
            label={t('settingsCards.users.staffExport')}
            description={t('settingsCards.users.staffExportHint')}
            {...form.getInputProps('staff_may_export', { type: 'checkbox' })}
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
