// A student's parents in their details (issue 29, docs/decisions/036-parents.md), for admin and
// staff: the linked parents (name, phone, e-mail), 'Thêm phụ huynh' (a new account, whose first
// password shows here once, or an existing parent found by search: a sibling's), and 'Bỏ liên kết'
// behind a confirmation. A student has at most two parents: the add button goes at two.
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLink, IconLinkOff, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { createParentInput, MAX_PARENTS_PER_STUDENT } from '#common/parents.ts';
import { hasPermission } from '#common/permissions.ts';
import { formatPhone } from '#common/phone.ts';
import type { UserDto } from '#common/users.ts';
import { confirmThen } from '#web/components/confirm.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { useCenterSettings } from '#web/features/settings/index.ts';
import { t } from '#web/i18n/index.ts';
import { isRefusal } from '#web/lib/api-client.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import {
  useCreateParent,
  useLinkParent,
  useParents,
  useStudentParents,
  useUnlinkParent,
} from './api.ts';
import { OneTimePassword } from './one-time-password.tsx';

/** A new parent's account: name, e-mail, phone; the first password shows once it is made. */
function NewParentForm({ student, onDone }: { student: UserDto; onDone: () => void }) {
  const create = useCreateParent(student.user_id);
  const hours = useCenterSettings().data?.first_password_hours ?? 72;
  const { form, formError, validInput, showError, setFormError } = useAppForm({
    initialValues: { full_name: '', email: '', phone: '' },
    schema: createParentInput,
  });
  const [made, setMade] = useState<{ email: string; password: string } | null>(null);
  if (made) {
    return (
      <Stack>
        <OneTimePassword
          title={t('common.success')}
          intro={t('parents.created', { email: made.email })}
          password={made.password}
          hint={t('users.firstPassword.hint', { hours })}
        />
        <Group justify="flex-end">
          <Button onClick={onDone}>{t('parents.done')}</Button>
        </Group>
      </Stack>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    create.mutate(input, {
      onSuccess: (result) => setMade({ email: result.parent.email, password: result.password }),
      onError: (error) => {
        if (isRefusal(error)) showError(error);
        else setFormError(errorText(error));
      },
    });
  };
  const blank = !form.values.full_name.trim() || !form.values.email.trim();
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError message={formError} />
        <TextInput
          label={t('parents.fullName')}
          {...form.getInputProps('full_name')}
          required
          data-autofocus
        />
        <TextInput
          label={t('parents.email')}
          type="email"
          {...form.getInputProps('email')}
          required
        />
        <TextInput
          label={t('parents.phone')}
          description={t('parents.phoneHint')}
          type="tel"
          {...form.getInputProps('phone')}
        />
        <FormActions
          onCancel={onDone}
          submitLabel={t('parents.create')}
          loading={create.isPending}
          disabled={blank || create.isPending}
        />
      </Stack>
    </form>
  );
}

/** An existing parent (a sibling's), found by name or e-mail and linked with one press. */
function PickParent({
  student,
  linkedIds,
  onDone,
}: {
  student: UserDto;
  linkedIds: readonly string[];
  onDone: () => void;
}) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const found = useParents({ page: 1, q: debounced, sort: 'name' }, debounced.length > 0);
  const link = useLinkParent(student.user_id);
  const candidates = (found.data?.items ?? []).filter((p) => !linkedIds.includes(p.user_id));
  return (
    <Stack gap="sm">
      <TextInput
        label={t('parents.search')}
        placeholder={t('parents.searchPlaceholder')}
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        data-autofocus
      />
      {debounced && found.data && candidates.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('parents.noMatch')}
        </Text>
      )}
      {candidates.map((parent) => (
        <Group key={parent.user_id} justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {parent.full_name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {parent.email}
              {parent.children.length > 0 &&
                ` · ${parent.children.map((child) => child.full_name).join(', ')}`}
            </Text>
          </div>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconLink size={14} aria-hidden />}
            loading={link.isPending && link.variables === parent.user_id}
            aria-label={`${t('parents.link')} ${parent.full_name}`}
            onClick={() =>
              link.mutate(parent.user_id, {
                onSuccess: (reply) => {
                  notifySuccess(noticeText(reply));
                  onDone();
                },
                onError: (error) => notifyError(errorText(error), t('parents.failed')),
              })
            }
          >
            {t('parents.link')}
          </Button>
        </Group>
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ParentsSection({ student }: { student: UserDto }) {
  const me = useSession().data?.user;
  const mayManage = student.role === 'student' && !!me && hasPermission(me.role, 'manage_parents');
  if (!mayManage) return null;
  return <ParentsOfStudent student={student} />;
}

function ParentsOfStudent({ student }: { student: UserDto }) {
  const parents = useStudentParents(student.user_id);
  const unlink = useUnlinkParent(student.user_id);
  const [adding, setAdding] = useState<null | 'new' | 'existing'>(null);
  const items = parents.data ?? [];
  const full = items.length >= MAX_PARENTS_PER_STUDENT;
  const remove = (parent: { user_id: string; full_name: string }) =>
    confirmThen({
      title: t('parents.unlink'),
      message: t('parents.unlinkConfirm', { parent: parent.full_name, student: student.full_name }),
      confirmText: t('parents.unlink'),
      danger: true,
      onConfirm: () =>
        unlink.mutate(parent.user_id, {
          onSuccess: (reply) => notifySuccess(noticeText(reply)),
          onError: (error) => notifyError(errorText(error), t('parents.failed')),
        }),
    });
  return (
    <Stack gap="xs" component="section" aria-label={t('parents.section')}>
      <Title order={2} size="h4">
        {t('parents.section')}
      </Title>
      <QueryState query={parents}>
        {items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('parents.none')}
          </Text>
        )}
        {items.map((parent) => (
          <Paper key={parent.user_id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={500}>{parent.full_name}</Text>
                <Text size="sm">
                  {parent.phone ? formatPhone(parent.phone) : t('people.noPhone')}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {parent.email}
                </Text>
              </div>
              <Tooltip label={t('parents.unlink')}>
                <ActionIcon
                  variant="subtle"
                  color="error"
                  aria-label={t('parents.unlinkLabel', { name: parent.full_name })}
                  onClick={() => remove(parent)}
                >
                  <IconLinkOff size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        ))}
      </QueryState>
      {adding ? (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <SegmentedControl
              aria-label={t('parents.add')}
              value={adding}
              onChange={(value) => setAdding(value as 'new' | 'existing')}
              data={[
                { value: 'new', label: t('parents.mode.new') },
                { value: 'existing', label: t('parents.mode.existing') },
              ]}
              fullWidth
            />
            {adding === 'new' ? (
              <NewParentForm student={student} onDone={() => setAdding(null)} />
            ) : (
              <PickParent
                student={student}
                linkedIds={items.map((p) => p.user_id)}
                onDone={() => setAdding(null)}
              />
            )}
          </Stack>
        </Paper>
      ) : full ? (
        <Alert color="gray" variant="light">
          {t('parents.limit')}
        </Alert>
      ) : (
        parents.data && (
          <Group justify="flex-end">
            <Button
              variant="light"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => setAdding('new')}
            >
              {t('parents.add')}
            </Button>
          </Group>
        )
      )}
    </Stack>
  );
}
