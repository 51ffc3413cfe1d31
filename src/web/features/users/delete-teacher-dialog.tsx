// Deleting a teacher (product.md, Deviations): the confirm lists the teacher's active classes and offers
// to hand them to another active teacher first; a refusal (a pending lesson clashing with the new
// teacher's lessons) names the lessons. The deletion itself is product.md §7's: classes still
// held by the teacher are deactivated with them, as the dialog says.
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

export function DeleteTeacherDialog({
  teacher,
  onClose,
}: {
  teacher: UserDto | null;
  onClose: () => void;
}) {
  const classes = useTeacherClasses(teacher?.user_id ?? null);
  const teachers = useOtherTeachers(teacher !== null);
  const handOver = useHandOverClasses();
  const deleteUser = useDeleteUser();
  const [takerId, setTakerId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    setTakerId(null);
    setRefusal(null);
    handOver.reset();
    onClose();
  };
  if (!teacher) return null;
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
  const remove = () =>
    deleteUser.mutate(teacher, {
      onSuccess: () => {
        notifySuccess(t('users.delete.done', { name: teacher.full_name }));
        close();
      },
      onError: (error) => notifyError(errorText(error)),
    });

  return (
    <Modal opened onClose={close} title={t('users.delete.title')} centered>
      <Stack>
        {classes.isPending ? (
          <Text size="sm">{t('users.handOver.loading')}</Text>
        ) : held.length === 0 ? (
          <Text size="sm">{t('users.delete.message', { name: teacher.full_name })}</Text>
        ) : (
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
              <Button
                variant="light"
                onClick={giveAway}
                disabled={!takerId}
                loading={handOver.isPending}
              >
                {t('users.handOver.submit')}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {t('users.handOver.orDelete')}
            </Text>
          </>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            remove();
          }}
        >
          <FormActions
            onCancel={close}
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
