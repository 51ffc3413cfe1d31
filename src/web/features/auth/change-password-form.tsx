// New password + confirmation with the three messages of product.md §5; used at first sign-in
// and in the profile modal, where the current password is asked first (issue 26 point 4).
import { Button, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { changeOwnPasswordInput, changePasswordInput } from '#common/auth.ts';
import { FormError } from '#web/components/form-parts.tsx';
import { useDirtyReport } from '#web/components/guarded-close.tsx';
import { PasswordField } from '#web/components/password-field.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useChangePassword } from './api.ts';

export function ChangePasswordForm({
  onDone,
  askCurrent = false,
}: {
  onDone?: () => void;
  /** Ask for the current password (not right after signing in with a first password). */
  askCurrent?: boolean;
}) {
  const change = useChangePassword();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    schema: askCurrent ? changeOwnPasswordInput : changePasswordInput,
    toInput: ({ currentPassword, ...rest }) => (askCurrent ? { currentPassword, ...rest } : rest),
  });
  // In the profile dialog, a typed password is input that closing it would throw away.
  useDirtyReport(form.isDirty());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    change.mutate(input, {
      onSuccess: (result) => {
        notifySuccess(noticeText(result));
        reset();
        onDone?.();
      },
      onError: (e) => showError(e),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError message={formError} />
        {askCurrent && (
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
        )}
        <PasswordField
          label={t('password.new')}
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          label={t('password.confirm')}
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
