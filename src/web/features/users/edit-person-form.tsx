// Correcting a person's details in their details dialog (docs/decisions/026): full name, e-mail
// (their sign-in) and phone for whoever may correct them; the role for the admin. The server's
// refusals land under their field: a taken e-mail, an invalid phone, the last admin, a teacher who
// still teaches classes (with the way to hand them over).
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { ROLES } from '#common/constants.ts';
import { canChangeRole } from '#common/permissions.ts';
import { formatPhone } from '#common/phone.ts';
import { type UpdateUserBody, type UserDto, updateUserInput } from '#common/users.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useDirtyReport } from '#web/components/guarded-close.tsx';
import { t } from '#web/i18n/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { roleName } from '#web/lib/role-name.ts';
import { useUpdateUser } from './api.ts';

export function EditPersonForm({
  user,
  actorRole,
  onSaved,
  onCancel,
  onHandOver,
}: {
  user: UserDto;
  actorRole: UserDto['role'];
  onSaved: (user: UserDto) => void;
  onCancel: () => void;
  /** Opens the hand-over of the teacher's classes (a refused role change points there). */
  onHandOver: () => void;
}) {
  const update = useUpdateUser();
  const mayChangeRole = canChangeRole(actorRole);
  const { form, formError, validInput, showError } = useAppForm({
    initialValues: {
      full_name: user.full_name,
      email: user.email,
      phone: user.phone ? formatPhone(user.phone) : '',
      role: user.role as string,
    },
    schema: updateUserInput,
    // The role is sent only by whoever may change it.
    toInput: ({ role, ...values }) =>
      (mayChangeRole ? { ...values, role } : values) as UpdateUserBody,
  });
  useDirtyReport(form.isDirty());
  const teacherHasClasses =
    update.error instanceof ApiError && update.error.code === 'USER_ROLE_TEACHER_HAS_CLASSES';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    update.mutate(
      { userId: user.user_id, input },
      {
        onSuccess: (reply) => {
          notifySuccess(noticeText(reply));
          onSaved(reply.user);
        },
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('people.edit')}>
      <Stack>
        <FormError message={formError} />
        <TextInput
          label={t('users.col.fullName')}
          {...form.getInputProps('full_name')}
          required
          data-autofocus
        />
        <TextInput
          label={t('users.col.email')}
          description={t('people.edit.emailHint')}
          type="email"
          {...form.getInputProps('email')}
          required
        />
        <TextInput
          label={t('people.phone')}
          description={t('people.edit.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          {...form.getInputProps('phone')}
        />
        {mayChangeRole ? (
          <Select
            label={t('users.col.role')}
            data={ROLES.map((role) => ({ value: role, label: roleName(role) }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('users.col.role')}: {roleName(user.role)} · {t('people.edit.roleHint')}
          </Text>
        )}
        {teacherHasClasses && (
          <Group>
            <Button variant="light" onClick={onHandOver}>
              {t('people.edit.handOver')}
            </Button>
          </Group>
        )}
        <FormActions
          onCancel={onCancel}
          submitLabel={t('common.save')}
          loading={update.isPending}
          disabled={update.isPending}
        />
      </Stack>
    </form>
  );
}
