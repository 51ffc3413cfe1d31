// A teacher's Students page: the students of their own classes, read-only (name, avatar, class,
// email), as view_class_students allows. Managing accounts stays with admin and staff.
import { Badge, Center, Group, Paper, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClassStudentListDto } from '#common/classes.ts';
import { ListPagination } from '#web/components/list-pagination.tsx';
import {
  ListSearchBar,
  NAME_OR_DATE_SORTS,
  type NameOrDateSort,
  searchParams,
  useListSearch,
} from '#web/components/list-search.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { t } from '#web/i18n/index.ts';
import { api } from '#web/lib/api-client.ts';

export function ClassStudentsPage() {
  const search = useListSearch<NameOrDateSort>('name');
  const { page, setPage } = search;
  const params = searchParams(search);
  const list = useQuery({
    queryKey: ['users', 'class-students', params.toString()],
    queryFn: () => api<ClassStudentListDto>(`/class-students?${params}`),
    placeholderData: keepPreviousData,
  });
  const pageSize = list.data?.pageSize ?? 10;
  return (
    <>
      <PageHeader title={t('classStudents.title')} subtitle={t('classStudents.subtitle')} />
      <ListSearchBar search={search} sorts={NAME_OR_DATE_SORTS} />
      <QueryState query={list}>
        <Paper withBorder radius="md">
          <ResponsiveTable minWidth={560} label={t('classStudents.title')}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.col.number')}</Table.Th>
                  <Table.Th>{t('users.col.avatar')}</Table.Th>
                  <Table.Th>{t('users.col.fullName')}</Table.Th>
                  <Table.Th>{t('classStudents.col.classes')}</Table.Th>
                  <Table.Th>{t('users.col.email')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.items.map((student, index) => (
                  <Table.Tr key={student.user_id}>
                    <Table.Td>{(page - 1) * pageSize + index + 1}</Table.Td>
                    <Table.Td>
                      <UserAvatar name={student.full_name} url={student.avatar_url} size="sm" />
                    </Table.Td>
                    <Table.Td>{student.full_name}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {student.classes.map((klass) => (
                          <Badge key={klass.class_id} variant="light" tt="none">
                            {klass.class_name}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{student.email}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
          {list.data?.items.length === 0 && (
            <Center p="lg">
              <Text c="dimmed">{t('classStudents.empty')}</Text>
            </Center>
          )}
        </Paper>
      </QueryState>
      <ListPagination list={list.data} page={page} onChange={setPage} />
    </>
  );
}
