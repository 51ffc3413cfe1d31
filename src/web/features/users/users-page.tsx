// Students / Teachers / Staff management (product.md §2): a table of active accounts, 10 per page,
// a detail dialog on row click, an add dialog, and delete behind a confirmation; searched and
// sorted on the server (list-search.tsx). The Staff page also lists the admins (admin only), where
// an admin opens their own details to correct their e-mail (docs/decisions/026).
import {
  Badge,
  Button,
  Center,
  Group,
  Paper,
  SegmentedControl,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconFileImport, IconHeartHandshake, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Role } from '#common/constants.ts';
import { canManageRole, hasPermission } from '#common/permissions.ts';
import type { UserDto } from '#common/users.ts';
import { appRoutes } from '#web/app/paths.ts';
import { confirmDeletion } from '#web/components/confirm.tsx';
import { DeleteIconButton } from '#web/components/delete-icon-button.tsx';
import { ListPagination, pageCount } from '#web/components/list-pagination.tsx';
import {
  ListSearchBar,
  NAME_OR_DATE_SORTS,
  type NameOrDateSort,
  useListSearch,
} from '#web/components/list-search.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { useMayExport } from '#web/features/settings/index.ts';
import { type MessageKey, t } from '#web/i18n/index.ts';
import { formatDate } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { roleName } from '#web/lib/role-name.ts';
import { useDeleteUser, useUsers } from './api.ts';
import {
  AddUserDialog,
  DeleteTeacherDialog,
  ImportDialog,
  UserDetailDialog,
} from './lazy-dialogs.ts';

type ManagedRole = 'student' | 'teacher' | 'staff' | 'admin';

const texts: Record<ManagedRole, { title: MessageKey; add: MessageKey }> = {
  student: { title: 'users.students.title', add: 'users.students.add' },
  teacher: { title: 'users.teachers.title', add: 'users.teachers.add' },
  staff: { title: 'users.staffs.title', add: 'users.staffs.add' },
  admin: { title: 'people.admins.title', add: 'people.admins.add' },
};

export function UsersPage({ accountRole }: { accountRole: Exclude<ManagedRole, 'admin'> }) {
  const session = useSession();
  const actorRole = session.data?.user.role as Role;
  const myId = session.data?.user.user_id;
  // The Staff page lists staff or admins (it is the admin's page).
  const [role, setRole] = useState<ManagedRole>(accountRole);
  useEffect(() => setRole(accountRole), [accountRole]);
  // Staff export only when the center lets them (the server refuses otherwise).
  const mayExport = useMayExport(actorRole);
  const search = useListSearch<NameOrDateSort>('-created_at');
  const { page, setPage } = search;
  const users = useUsers(role, search);
  const deleteUser = useDeleteUser();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<UserDto | null>(null);
  const showEmail = role !== 'teacher';
  const showRole = role === 'staff' || role === 'admin';
  const mayDelete = canManageRole(actorRole, role);

  const pageSize = users.data?.pageSize ?? 10;
  const pages = pageCount(users.data);
  // A deletion can empty the last page: step back to one that exists.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  const [leavingTeacher, setLeavingTeacher] = useState<UserDto | null>(null);
  const remove = async (user: UserDto) => {
    // A teacher's classes are listed and can be handed over first (product.md, Deviations).
    if (user.role === 'teacher') return setLeavingTeacher(user);
    confirmDeletion(
      t('users.delete.title'),
      t('users.delete.message', { name: user.full_name }),
      () =>
        deleteUser.mutate(user, {
          onSuccess: () => notifySuccess(t('users.delete.done', { name: user.full_name })),
          onError: (error) => notifyError(errorText(error)),
        }),
    );
  };

  return (
    <>
      <PageHeader
        title={t(texts[role].title)}
        action={
          <Group gap="xs">
            {(mayExport ? (['csv', 'xlsx'] as const) : []).map((format) => (
              <Button
                key={format}
                component="a"
                href={`/api/users/export?role=${role}&format=${format}`}
                download
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                {t(format === 'csv' ? 'export.csv' : 'export.xlsx')}
              </Button>
            ))}
            {role === 'student' && hasPermission(actorRole, 'manage_parents') && (
              <Button
                component={Link}
                href={appRoutes.parents.path}
                variant="default"
                leftSection={<IconHeartHandshake size={16} aria-hidden />}
              >
                {t('parents.page.title')}
              </Button>
            )}
            {role !== 'admin' && (
              <Button
                variant="light"
                leftSection={<IconFileImport size={16} aria-hidden />}
                onClick={() => setImporting(true)}
              >
                {t('import.open')}
              </Button>
            )}
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setAdding(true)}
            >
              {t(texts[role].add)}
            </Button>
          </Group>
        }
      />
      {accountRole === 'staff' && canManageRole(actorRole, 'admin') && (
        <SegmentedControl
          aria-label={t('people.listedRole')}
          value={role}
          onChange={(value) => {
            setRole(value as ManagedRole);
            setPage(1);
          }}
          data={(['staff', 'admin'] as const).map((value) => ({
            value,
            label: roleName(value),
          }))}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <ListSearchBar search={search} sorts={NAME_OR_DATE_SORTS} />
      <QueryState query={users}>
        <Paper withBorder radius="md">
          <ResponsiveTable minWidth={640} stickyLastColumn label={t(texts[role].title)}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.col.number')}</Table.Th>
                  <Table.Th>{t('users.col.avatar')}</Table.Th>
                  <Table.Th>{t('users.col.fullName')}</Table.Th>
                  {showEmail && <Table.Th>{t('users.col.email')}</Table.Th>}
                  {showRole && <Table.Th>{t('users.col.role')}</Table.Th>}
                  <Table.Th>{t('users.col.status')}</Table.Th>
                  <Table.Th>{t('users.col.created')}</Table.Th>
                  <Table.Th>{t('users.col.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data?.items.map((user, index) => (
                  <Table.Tr
                    key={user.user_id}
                    onClick={() => setSelected(user)}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td>{(page - 1) * pageSize + index + 1}</Table.Td>
                    <Table.Td>
                      <UserAvatar name={user.full_name} url={user.avatar_url} size="sm" />
                    </Table.Td>
                    <Table.Td>{user.full_name}</Table.Td>
                    {showEmail && <Table.Td>{user.email}</Table.Td>}
                    {showRole && (
                      <Table.Td>
                        <Badge variant="light" tt="none">
                          {roleName(user.role)}
                        </Badge>
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Badge color={user.is_active ? 'success' : 'gray'} variant="light">
                        {user.is_active ? t('common.active') : t('common.inactive')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(user.created_at)}</Table.Td>
                    <Table.Td>
                      {mayDelete && user.user_id !== myId && (
                        <Tooltip label={t('common.delete')}>
                          <DeleteIconButton
                            label={t('users.deleteLabel', { name: user.full_name })}
                            onClick={(event) => {
                              event.stopPropagation();
                              void remove(user);
                            }}
                          />
                        </Tooltip>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
          {users.data && users.data.items.length === 0 && (
            <Center p="lg">
              <Text c="dimmed">{t('users.empty')}</Text>
            </Center>
          )}
        </Paper>
      </QueryState>
      <ListPagination list={users.data} page={page} onChange={setPage} />
      <AddUserDialog role={role} opened={adding} onClose={() => setAdding(false)} />
      {role !== 'admin' && (
        <ImportDialog role={role} opened={importing} onClose={() => setImporting(false)} />
      )}
      <UserDetailDialog user={selected} onClose={() => setSelected(null)} />
      <DeleteTeacherDialog teacher={leavingTeacher} onClose={() => setLeavingTeacher(null)} />
    </>
  );
}
