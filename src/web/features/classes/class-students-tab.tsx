// The class dialog's Học Viên tab (not for students): the class's students; admin and staff
// enrol and remove them here.
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { EnrolledStudentDto } from '#common/classes.ts';
import { confirmDeletion } from '#web/components/confirm.tsx';
import { DeleteIconButton } from '#web/components/delete-icon-button.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { SearchableSelect } from '#web/components/searchable-select.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { t } from '#web/i18n/index.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useClassStudents, useEnrol, useRemoveStudent, useStudentOptions } from './api.ts';

function EnrolStudent({ classId }: { classId: string }) {
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  // The server folds what was typed; asked after a pause, not on every key.
  const [typed] = useDebouncedValue(query.trim(), 300);
  const options = useStudentOptions(classId, typed, true);
  const enrol = useEnrol();
  const add = () =>
    picked &&
    enrol.mutate(
      { classId, studentIds: [picked] },
      {
        onSuccess: (result) => {
          notifySuccess(noticeText(result));
          setPicked(null);
          setQuery('');
        },
        onError: (e) => notifyError(errorText(e), t('classes.enrolFailed')),
      },
    );
  return (
    <Group align="flex-end" wrap="nowrap">
      <SearchableSelect
        flex={1}
        label={t('classes.pickStudent')}
        data={(options.data ?? []).map((s) => ({
          value: s.user_id,
          label: `${s.full_name} (${s.email})`,
        }))}
        value={picked}
        onChange={setPicked}
        searchValue={query}
        onSearchChange={setQuery}
      />
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={!picked}
        loading={enrol.isPending}
        onClick={add}
      >
        {t('classes.add')}
      </Button>
    </Group>
  );
}

export function ClassStudentsTab({ classId, manage }: { classId: string; manage: boolean }) {
  const students = useClassStudents(classId, true);
  const remove = useRemoveStudent();
  const removeStudent = (student: EnrolledStudentDto) =>
    confirmDeletion(
      t('classes.removeStudentTitle'),
      t('classes.removeStudentMessage', { name: student.full_name }),
      () =>
        remove.mutate(
          { classId, studentId: student.user_id },
          {
            onSuccess: (r) => notifySuccess(noticeText(r)),
            onError: (e) => notifyError(errorText(e), t('classes.removeFailed')),
          },
        ),
    );

  return (
    <Stack>
      {manage && <EnrolStudent classId={classId} />}
      <QueryState query={students}>
        {students.data?.length === 0 ? (
          <Text c="dimmed">{t('classes.noStudents')}</Text>
        ) : (
          <ResponsiveTable stickyLastColumn={manage}>
            <Table>
              <Table.Tbody>
                {students.data?.map((student) => (
                  <Table.Tr key={student.user_id}>
                    <Table.Td w={48}>
                      <UserAvatar name={student.full_name} url={student.avatar_url} size="sm" />
                    </Table.Td>
                    <Table.Td>{student.full_name}</Table.Td>
                    <Table.Td>{student.email}</Table.Td>
                    <Table.Td w={48}>
                      {manage && (
                        <DeleteIconButton
                          label={t('classes.removeStudent', { name: student.full_name })}
                          onClick={() => removeStudent(student)}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
        )}
      </QueryState>
    </Stack>
  );
}
