// The class dialog's Tổng Quan tab: name, teacher, dates, description, counts; admin and staff
// edit and delete the class here.
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ClassDto } from '#common/classes.ts';
import { TeacherTag } from '#web/components/color-tag.tsx';
import { confirmDeletion } from '#web/components/confirm.tsx';
import { RecordHistoryButton } from '#web/features/audit/index.ts';
import { ClassCalendarLink } from '#web/features/profile/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDate } from '#web/lib/dates.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useDeleteClass } from './api.ts';
import { ClassCounts } from './class-counts.tsx';
import { ClassFormModal } from './class-form-modal.tsx';

export function ClassOverviewTab({
  klass,
  manage,
  onDeleted,
}: {
  klass: ClassDto;
  manage: boolean;
  onDeleted: () => void;
}) {
  const deleteClass = useDeleteClass();
  const [editing, setEditing] = useState(false);
  const removeClass = () =>
    confirmDeletion(
      t('classes.delete'),
      t('classes.deleteMessage', { name: klass.class_name }),
      () =>
        // product.md §8: class delete errors are only logged.
        deleteClass.mutate(klass.class_id, {
          onSuccess: () => {
            notifySuccess(t('error.CLASS_DELETED'));
            onDeleted();
          },
          onError: (e) => console.error(e),
        }),
    );

  return (
    <Stack>
      <Text fw={700} size="lg">
        {klass.class_name}
      </Text>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('classes.teacher')}:
        </Text>
        <TeacherTag name={klass.teacher.full_name} />
      </Group>
      <Text size="sm">
        {t('classes.dates')}: {formatDate(klass.start_date)} – {formatDate(klass.end_date)}
      </Text>
      {klass.description && <Text size="sm">{klass.description}</Text>}
      <ClassCounts klass={klass} />
      {manage && <ClassCalendarLink classId={klass.class_id} />}
      {manage && (
        <Group>
          <RecordHistoryButton type="class" id={klass.class_id} />
          <Button
            leftSection={<IconPencil size={16} aria-hidden />}
            variant="light"
            onClick={() => setEditing(true)}
          >
            {t('classes.edit')}
          </Button>
          <Button
            leftSection={<IconTrash size={16} aria-hidden />}
            color="error"
            variant="light"
            onClick={removeClass}
          >
            {t('classes.delete')}
          </Button>
        </Group>
      )}
      <ClassFormModal opened={editing} onClose={() => setEditing(false)} klass={klass} />
    </Stack>
  );
}
