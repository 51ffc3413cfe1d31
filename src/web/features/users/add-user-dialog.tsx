// Add an account (product.md §5): full name and email required, email pattern checked; submit is
// disabled while a field is blank or the request runs. On success the generated password is
// shown until the dialog is closed.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { createUserInput } from '#common/users.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { t } from '#web/i18n/index.ts';
import { isRefusal } from '#web/lib/api-client.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { notifyError } from '#web/lib/notify.ts';
import { roleName } from '#web/lib/role-name.ts';
import { useCreateUser } from './api.ts';
import { OneTimePassword } from './one-time-password.tsx';

const titles = {
  student: 'users.students.add',
  teacher: 'users.teachers.add',
  staff: 'users.staffs.add',
  admin: 'people.admins.add',
} as const;

export function AddUserDialog({
  role,
  opened,
  onClose,
}: {
  role: 'student' | 'teacher' | 'staff' | 'admin';
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateUser();
  const { form, formError, validInput, showError, setFormError, reset } = useAppForm({
    initialValues: { full_name: '', email: '' },
    schema: createUserInput,
    toInput: (values) => ({ ...values, role }),
  });
  const [createdPassword, setCreatedPassword] = useState<string | null>(null);

  const close = () => {
    reset();
    setCreatedPassword(null);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    create.mutate(input, {
      // Shown once, in the dialog, with a copy button (no toast repeating it).
      onSuccess: (result) => setCreatedPassword(result.password),
      onError: (e) => {
        // A refusal says why (§5 messages); no answer at all is §8's 'try again'.
        if (isRefusal(e)) showError(e);
        else setFormError(t('error.USER_CREATE_FAILED'));
        notifyError(t('users.createFailed', { role: roleName(role).toLocaleLowerCase() }));
      },
    });
  };

  // Once the account is made, what was typed is saved: the password view closes at once.
  const guard = useGuardedClose({
    opened,
    dirty: createdPassword === null && form.isDirty(),
    onClose: close,
  });
  const blank = !form.values.full_name.trim() || !form.values.email.trim();
  return (
    <Modal opened={opened} {...guard.modalProps} title={t(titles[role])} centered>
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
            <FormError message={formError} />
            <TextInput
              label={t('users.add.fullName')}
              {...form.getInputProps('full_name')}
              required
              data-autofocus
            />
            <TextInput
              label={t('users.add.email')}
              type="email"
              {...form.getInputProps('email')}
              required
            />
            <FormActions
              onCancel={guard.close}
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
