// New password + confirmation with the three messages of product.md §5; used at first sign-in
// and in the profile modal.
import { Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { passwordChangeProblem } from '#common/password-rules.ts';
import { FormError } from '#web/components/form-parts.tsx';
import { PasswordField } from '#web/components/password-field.tsx';
import { t } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useChangePassword } from './api.ts';

export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const change = useChangePassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordChangeProblem(newPassword, confirmPassword);
    setError(problem);
    if (problem) return;
    change.mutate(
      { newPassword, confirmPassword },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          setNewPassword('');
          setConfirmPassword('');
          onDone?.();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError message={error} />
        <PasswordField
          label={t('password.new')}
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.currentTarget.value)}
        />
        <PasswordField
          label={t('password.confirm')}
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.currentTarget.value)}
        />
        <Button type="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
