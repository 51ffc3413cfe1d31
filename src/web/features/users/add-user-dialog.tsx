// Add an account (SPEC.md §5): full name and email required, email pattern checked; submit is
// disabled while a field is blank or the request runs. On success the generated password is
// shown until the dialog is closed.
import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { createUserInput } from '../../../common/schemas.ts';
import { FormActions, FormError } from '../../components/form-parts.tsx';
import { t } from '../../i18n/index.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCreateUser } from './api.ts';

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
      onSuccess: (result) => {
        setCreatedPassword(result.password);
        notifySuccess(t('users.add.created', { password: result.password }));
      },
      onError: (e) => {
        setError(e.message);
        notifyError(t('users.createFailed', { role }));
      },
    });
  };

  const blank = !fullName.trim() || !email.trim();
  return (
    <Modal opened={opened} onClose={close} title={t(titles[role])} centered>
      {createdPassword ? (
        <Stack>
          <Alert color="success" title={t('common.success')} role="status">
            <Text size="sm">{t('users.add.created', { password: createdPassword })}</Text>
            <Code fz="lg" mt="xs" block data-testid="generated-password">
              {createdPassword}
            </Code>
            <Text size="xs" mt="xs">
              {t('users.add.createdHint')}
            </Text>
          </Alert>
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
