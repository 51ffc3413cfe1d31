// /parents (issue 29, docs/decisions/036-parents.md): admin and staff find the parents, each with
// their children; a row opens the parent's details (correct them, a new first password, delete).
// Parents are added from a student's details or in the import, where the child is known.
import { Badge, Button, Center, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Role } from '#common/constants.ts';
import type { ParentWithChildrenDto } from '#common/parents.ts';
import { canManageRole } from '#common/permissions.ts';
import { formatPhone } from '#common/phone.ts';
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
import { t } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useDeleteUser, useParents } from './api.ts';
import { UserDetailDialog } from './lazy-dialogs.ts';

export default function ParentsPage() {
  const session = useSession();
  const actorRole = session.data?.user.role as Role;
  const search = useListSearch<NameOrDateSort>('-created_at');
  const { page, setPage } = search;
  const parents = useParents(search);
  const deleteUser = useDeleteUser();
  const [selected, setSelected] = useState<ParentWithChildrenDto | null>(null);
  const pageSize = parents.data?.pageSize ?? 10;
  const pages = pageCount(parents.data);
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const mayDelete = canManageRole(actorRole, 'parent');
  const remove = (parent: ParentWithChildrenDto) =>
    confirmDeletion(
      t('users.delete.title'),
      t('users.delete.message', { name: parent.full_name }),
      () =>
        deleteUser.mutate(parent, {
          onSuccess: () => notifySuccess(t('users.delete.done', { name: parent.full_name })),
          onError: (error) => notifyError(errorText(error)),
        }),
    );
  return (
    <>
      <PageHeader
        title={t('parents.page.title')}
        subtitle={t('parents.page.subtitle')}
        action={
          <Button
            component={Link}
            href={appRoutes.students.path}
            variant="default"
            leftSection={<IconUsers size={16} aria-hidden />}
          >
            {t('nav.students')}
          </Button>
        }
      />
      <ListSearchBar search={search} sorts={NAME_OR_DATE_SORTS} />
      <QueryState query={parents}>
        <Paper withBorder radius="md">
          <ResponsiveTable minWidth={640} cardsOnPhone label={t('parents.page.title')}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.col.number')}</Table.Th>
                  <Table.Th>{t('users.col.fullName')}</Table.Th>
                  <Table.Th>{t('users.col.email')}</Table.Th>
                  <Table.Th>{t('people.phone')}</Table.Th>
                  <Table.Th>{t('parents.col.children')}</Table.Th>
                  <Table.Th>{t('users.col.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {parents.data?.items.map((parent, index) => (
                  <Table.Tr
                    key={parent.user_id}
                    onClick={() => setSelected(parent)}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td data-label={t('users.col.number')}>
                      {(page - 1) * pageSize + index + 1}
                    </Table.Td>
                    <Table.Td data-label={t('users.col.fullName')}>
                      <Group gap="xs" wrap="nowrap">
                        <UserAvatar name={parent.full_name} url={parent.avatar_url} size="sm" />
                        {parent.full_name}
                      </Group>
                    </Table.Td>
                    <Table.Td data-label={t('users.col.email')}>{parent.email}</Table.Td>
                    <Table.Td data-label={t('people.phone')}>
                      {parent.phone ? formatPhone(parent.phone) : ''}
                    </Table.Td>
                    <Table.Td data-label={t('parents.col.children')}>
                      {parent.children.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('parents.noChildren')}
                        </Text>
                      ) : (
                        <Group gap={4}>
                          {parent.children.map((child) => (
                            <Badge key={child.user_id} variant="light" tt="none">
                              {child.full_name}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td data-label={t('users.col.actions')}>
                      {mayDelete && (
                        <Tooltip label={t('common.delete')}>
                          <DeleteIconButton
                            label={t('users.deleteLabel', { name: parent.full_name })}
                            onClick={(event) => {
                              event.stopPropagation();
                              remove(parent);
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
          {parents.data && parents.data.items.length === 0 && (
            <Center p="lg">
              <Text c="dimmed">{t('parents.empty')}</Text>
            </Center>
          )}
        </Paper>
      </QueryState>
      <ListPagination list={parents.data} page={page} onChange={setPage} />
      <UserDetailDialog user={selected} onClose={() => setSelected(null)} />
    </>
  );
}
