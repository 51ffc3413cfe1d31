import { Badge, Button, Group, Modal, Stack, Table, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { canCreateRole, canManageRole } from '#common/permissions.ts';
import type { UserDto } from '#common/users.ts';
import { confirmThen } from '#web/components/confirm.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { StudentAttendance } from '#web/features/attendance/index.ts';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDate } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifyError } from '#web/lib/notify.ts';
import { useIssueFirstPassword } from './api.ts';
import { OneTimePassword } from './one-time-password.tsx';

/**
 * 'Cấp mật khẩu mới': for whoever may create the account's role (not for oneself); the new
 * first password is shown here, once.
 */
function IssueFirstPassword({ user }: { user: UserDto }) {
  const me = useSession().data?.user;
  const issue = useIssueFirstPassword();
  const [password, setPassword] = useState<string | null>(null);
  if (!me || me.user_id === user.user_id || !canCreateRole(me.role, user.role)) return null;
  if (password) {
    return (
      <OneTimePassword
        title={t('common.success')}
        intro={t('users.firstPassword.issued', { email: user.email })}
        password={password}
        hint={t('users.firstPassword.hint')}
      />
    );
  }
  const onClick = async () => {
    confirmThen({
      title: t('users.firstPassword.issue'),
      message: t('users.firstPassword.confirm', { email: user.email }),
      confirmText: t('users.firstPassword.issue'),
      onConfirm: () =>
        issue.mutate(user, {
          onSuccess: (result) => setPassword(result.password),
          onError: (error) => notifyError(errorText(error), t('users.firstPassword.failed')),
        }),
    });
  };
  return (
    <Group justify="flex-end">
      <Button
        variant="light"
        leftSection={<IconKey size={16} aria-hidden />}
        loading={issue.isPending}
        onClick={() => void onClick()}
      >
        {t('users.firstPassword.issue')}
      </Button>
    </Group>
  );
}

/** A student's attendance across their classes, for those who manage students (admin, staff). */
function StudentAttendanceSection({ user }: { user: UserDto }) {
  const me = useSession().data?.user;
  if (user.role !== 'student' || !me || !canManageRole(me.role, 'student')) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('attendanceRecord.section')}
      </Title>
      <StudentAttendance studentId={user.user_id} />
    </Stack>
  );
}

/**
 * Account details (product.md §2): name, email, role, status, created date; for a student, their
 * attendance across their classes (admin, staff).
 */
export function UserDetailDialog({ user, onClose }: { user: UserDto | null; onClose: () => void }) {
  // Nothing typed here; only the top layer (a confirmation over it first) takes Escape.
  const guard = useGuardedClose({ opened: user !== null, onClose });
  return (
    <Modal
      opened={user !== null}
      {...guard.modalProps}
      title={t('users.detail.title')}
      centered
      size={user?.role === 'student' ? 'lg' : 'md'}
    >
      {user && (
        <Stack>
          <Group justify="center">
            <UserAvatar name={user.full_name} url={user.avatar_url} size={72} />
          </Group>
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t('users.col.fullName')}</Table.Th>
                <Table.Td>{user.full_name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('users.col.email')}</Table.Th>
                <Table.Td>{user.email}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('users.col.role')}</Table.Th>
                <Table.Td>{user.role}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('users.col.status')}</Table.Th>
                <Table.Td>
                  <Badge color={user.is_active ? 'success' : 'gray'} variant="light">
                    {user.is_active ? t('common.active') : t('common.inactive')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('users.col.created')}</Table.Th>
                <Table.Td>{formatDate(user.created_at)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {/* A fresh one per account: a password shown for one never shows for the next. */}
          <IssueFirstPassword key={user.user_id} user={user} />
          <StudentAttendanceSection user={user} />
        </Stack>
      )}
    </Modal>
  );
}
