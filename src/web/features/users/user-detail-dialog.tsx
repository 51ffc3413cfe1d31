import { Badge, Button, Group, Modal, Stack, Table, Title } from '@mantine/core';
import { IconCoin, IconEdit, IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import {
  canCorrectPerson,
  canCreateRole,
  canManageRole,
  hasPermission,
} from '#common/permissions.ts';
import { formatPhone } from '#common/phone.ts';
import type { UserDto } from '#common/users.ts';
import { confirmThen } from '#web/components/confirm.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { StudentAttendance } from '#web/features/attendance/index.ts';
import { RecordHistoryButton } from '#web/features/audit/index.ts';
import { useSession } from '#web/features/auth/index.ts';
import { MakeupCredits } from '#web/features/makeups/index.ts';
import { useCenterSettings } from '#web/features/settings/index.ts';
import { tuitionPathOf } from '#web/features/tuition/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDate } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifyError } from '#web/lib/notify.ts';
import { roleName } from '#web/lib/role-name.ts';
import { useIssueFirstPassword } from './api.ts';
import { HandOverClasses } from './delete-teacher-dialog.tsx';
import { EditPersonForm } from './edit-person-form.tsx';
import { OneTimePassword } from './one-time-password.tsx';
import { ParentsSection } from './parents-section.tsx';

/**
 * 'Cấp mật khẩu mới': for whoever may create the account's role (not for oneself); the new
 * first password is shown here, once.
 */
function IssueFirstPassword({ user }: { user: UserDto }) {
  const me = useSession().data?.user;
  const issue = useIssueFirstPassword();
  const [password, setPassword] = useState<string | null>(null);
  // How long the password is valid: the center's 'Users' card says.
  const hours = useCenterSettings().data?.first_password_hours ?? 72;
  if (!me || me.user_id === user.user_id || !canCreateRole(me.role, user.role)) return null;
  if (password) {
    return (
      <OneTimePassword
        title={t('common.success')}
        intro={t('users.firstPassword.issued', { email: user.email })}
        password={password}
        hint={t('users.firstPassword.hint', { hours })}
      />
    );
  }
  const onClick = async () => {
    confirmThen({
      title: t('users.firstPassword.issue'),
      message: t('users.firstPassword.confirm', { email: user.email, hours }),
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
      <MakeupCredits studentId={user.user_id} />
    </Stack>
  );
}

/** The details as a table: name, email, phone, role (in the reader's language), status, created. */
function DetailsTable({ user }: { user: UserDto }) {
  return (
    <Table variant="vertical" withTableBorder>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={140}>{t('users.col.fullName')}</Table.Th>
          <Table.Td>{user.full_name}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('users.col.email')}</Table.Th>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('people.phone')}</Table.Th>
          <Table.Td>{user.phone ? formatPhone(user.phone) : t('people.noPhone')}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('users.col.role')}</Table.Th>
          <Table.Td>{roleName(user.role)}</Table.Td>
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
  );
}

/** A student's tuition account, for those who see money (admin, staff): opens the tuition page. */
function TuitionAccountLink({ user, onOpen }: { user: UserDto; onOpen: () => void }) {
  const me = useSession().data?.user;
  if (user.role !== 'student' || !me || !hasPermission(me.role, 'view_tuition')) return null;
  return (
    <Button
      component={Link}
      href={tuitionPathOf(user.user_id)}
      variant="light"
      leftSection={<IconCoin size={16} aria-hidden />}
      onClick={onOpen}
    >
      {t('tuition.openAccount')}
    </Button>
  );
}

/**
 * Account details (product.md §2): name, email, phone, role, status, created date; 'Sửa thông tin'
 * for whoever may correct them (docs/decisions/026); for a student, their parents (docs/decisions/
 * 036) and their attendance across their classes (admin, staff).
 */
export function UserDetailDialog({ user, onClose }: { user: UserDto | null; onClose: () => void }) {
  const me = useSession().data?.user;
  // What was saved shows at once (the list behind follows when it reloads).
  const [shown, setShown] = useState<UserDto | null>(user);
  const [mode, setMode] = useState<'view' | 'edit' | 'handOver'>('view');
  useEffect(() => {
    setShown(user);
    setMode('view');
  }, [user]);
  // Typed input in the edit form asks before it is thrown away; only the top layer takes Escape.
  const guard = useGuardedClose({ opened: user !== null, onClose });
  const current = shown ?? user;
  const mayEdit =
    me && current ? canCorrectPerson(me.role, current.role, me.user_id === current.user_id) : false;
  return (
    <Modal
      opened={user !== null}
      {...guard.modalProps}
      title={
        mode === 'edit' && current
          ? t('people.edit.title', { name: current.full_name })
          : t('users.detail.title')
      }
      centered
      size={current?.role === 'student' ? 'lg' : 'md'}
    >
      {current && me && (
        <guard.Scope>
          {mode === 'edit' ? (
            <EditPersonForm
              user={current}
              actorRole={me.role}
              onSaved={(saved) => {
                setShown(saved);
                setMode('view');
              }}
              onCancel={() => setMode('view')}
              onHandOver={() => setMode('handOver')}
            />
          ) : mode === 'handOver' ? (
            <Stack>
              <HandOverClasses
                teacher={current}
                emptyText={t('users.handOver.none', { name: current.full_name })}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setMode('edit')}>
                  {t('import.back')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack>
              <Group justify="center">
                <UserAvatar name={current.full_name} url={current.avatar_url} size={72} />
              </Group>
              <DetailsTable user={current} />
              <Group justify="flex-end">
                <RecordHistoryButton type="user" id={current.user_id} />
                {mayEdit && (
                  <Button
                    variant="light"
                    leftSection={<IconEdit size={16} aria-hidden />}
                    onClick={() => setMode('edit')}
                  >
                    {t('people.edit')}
                  </Button>
                )}
              </Group>
              {/* A fresh one per account: a password shown for one never shows for the next. */}
              <IssueFirstPassword key={current.user_id} user={current} />
              <TuitionAccountLink user={current} onOpen={onClose} />
              <ParentsSection key={`parents-${current.user_id}`} student={current} />
              <StudentAttendanceSection user={current} />
            </Stack>
          )}
        </guard.Scope>
      )}
    </Modal>
  );
}
