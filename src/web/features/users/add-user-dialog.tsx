// Add an account (product.md §5): full name and email required, email pattern checked; submit is
// disabled while a field is blank or the request runs. On success the generated password is
// shown until the dialog is closed.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { createUserInput } from '#common/schemas.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { t } from '#web/i18n/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifyError } from '#web/lib/notify.ts';
import { useCreateUser } from './api.ts';
import { OneTimePassword } from './one-time-password.tsx';

const titles = {
  student: 'users.students.add',
  teacher: 'users.teachers.add',
  staff: 'users.staffs.add',
} as const;

export function AddUserDialog({
  role,
  opened,
  onClose,
}: {
  role: 'student' | 'teacher' | 'staff';
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateUser();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [createdPassword, setCreatedPassword] = useState<string | null>(null);

  const close = () => {
    setFullName('');
    setEmail('');
    setError(null);
    setCreatedPassword(null);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createUserInput.safeParse({ full_name: fullName, email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      // Shown once, in the dialog, with a copy button (no toast repeating it).
      onSuccess: (result) => setCreatedPassword(result.password),
      onError: (e) => {
        // A refusal says why (§5 messages); no answer at all is §8's 'try again'.
        const refused = e instanceof ApiError && e.status >= 400 && e.status < 500;
        setError(refused ? errorText(e) : t('error.USER_CREATE_FAILED'));
        notifyError(t('users.createFailed', { role }));
      },
    });
  };

  const blank = !fullName.trim() || !email.trim();
  return (
    <Modal opened={opened} onClose={close} title={t(titles[role])} centered>
      {createdPassword ? (
        <Stack>
          <OneTimePassword
            title={t('common.success')}
            intro={t('users.add.created', { password: '' }).trim()}
            password={createdPassword}
            hint={t('users.add.createdHint')}
          />
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <FormError message={error} />
            <TextInput
              label={t('users.add.fullName')}
              value={fullName}
              onChange={(event) => setFullName(event.currentTarget.value)}
              required
              data-autofocus
            />
            <TextInput
              label={t('users.add.email')}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              required
            />
            <FormActions
              onCancel={close}
              submitLabel={t('users.add.submit')}
              loading={create.isPending}
              disabled={blank || create.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
