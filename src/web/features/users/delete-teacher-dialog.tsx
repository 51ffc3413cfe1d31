// Deleting a teacher (product.md, Deviations): the confirm lists the teacher's active classes and offers
// to hand them to another active teacher first; a refusal (a pending lesson clashing with the new
// teacher's lessons) names the lessons. The deletion itself is product.md §7's: classes still
// held by the teacher are deactivated with them, as the dialog says. The hand-over is also where a
// refused role change of a teacher points (the details dialog).
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { UserDto } from '#common/users.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { SearchableSelect } from '#web/components/searchable-select.tsx';
import { t } from '#web/i18n/index.ts';
import { formatDate } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useDeleteUser, useHandOverClasses, useOtherTeachers, useTeacherClasses } from './api.ts';

/** A teacher's active classes and the hand-over of all of them to another active teacher. */
export function HandOverClasses({
  teacher,
  emptyText,
  footnote,
}: {
  teacher: UserDto;
  /** What to say when the teacher holds no active class (any more). */
  emptyText: string;
  footnote?: string;
}) {
  const classes = useTeacherClasses(teacher.user_id);
  const teachers = useOtherTeachers(true);
  const handOver = useHandOverClasses();
  const [takerId, setTakerId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const held = classes.data ?? [];

  const giveAway = () => {
    if (!takerId) return;
    setRefusal(null);
    handOver.mutate(
      { userId: teacher.user_id, teacherId: takerId },
      {
        onSuccess: (notice) => {
          notifySuccess(noticeText(notice));
          setTakerId(null);
        },
        onError: (error) => setRefusal(errorText(error)),
      },
    );
  };

  if (classes.isPending) return <Text size="sm">{t('users.handOver.loading')}</Text>;
  if (held.length === 0) return <Text size="sm">{emptyText}</Text>;
  return (
    <>
      <Text size="sm">
        {t('users.handOver.intro', { name: teacher.full_name, count: held.length })}
      </Text>
      <List size="sm" aria-label={t('users.handOver.listLabel')}>
        {held.map((klass) => (
          <List.Item key={klass.class_id}>
            <Text size="sm" fw={600} span>
              {klass.class_name}
            </Text>{' '}
            <Text size="xs" c="dimmed" span>
              {formatDate(klass.start_date)} – {formatDate(klass.end_date)} ·{' '}
              {t('users.handOver.pending', { count: klass.pending_lesson_count })}
            </Text>
          </List.Item>
        ))}
      </List>
      <SearchableSelect
        label={t('users.handOver.to')}
        placeholder={t('users.handOver.toPlaceholder')}
        data={(teachers.data ?? [])
          .filter((other) => other.user_id !== teacher.user_id)
          .map((other) => ({ value: other.user_id, label: other.full_name }))}
        value={takerId}
        onChange={setTakerId}
      />
      <FormError message={refusal} />
      <Group justify="flex-end">
        <Button variant="light" onClick={giveAway} disabled={!takerId} loading={handOver.isPending}>
          {t('users.handOver.submit')}
        </Button>
      </Group>
      {footnote && (
        <Text size="sm" c="dimmed">
          {footnote}
        </Text>
      )}
    </>
  );
}

export function DeleteTeacherDialog({
  teacher,
  onClose,
}: {
  teacher: UserDto | null;
  onClose: () => void;
}) {
  const classes = useTeacherClasses(teacher?.user_id ?? null);
  const deleteUser = useDeleteUser();

  if (!teacher) return null;
  const remove = () =>
    deleteUser.mutate(teacher, {
      onSuccess: () => {
        notifySuccess(t('users.delete.done', { name: teacher.full_name }));
        onClose();
      },
      onError: (error) => notifyError(errorText(error)),
    });

  return (
    <Modal opened onClose={onClose} title={t('users.delete.title')} centered>
      <Stack>
        <HandOverClasses
          key={teacher.user_id}
          teacher={teacher}
          emptyText={t('users.delete.message', { name: teacher.full_name })}
          footnote={t('users.handOver.orDelete')}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            remove();
          }}
        >
          <FormActions
            onCancel={onClose}
            submitLabel={t('common.delete')}
            loading={deleteUser.isPending}
            disabled={classes.isPending}
            danger
          />
        </form>
      </Stack>
    </Modal>
  );
}
