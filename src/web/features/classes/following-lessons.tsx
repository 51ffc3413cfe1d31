// "This and following lessons" of a series: change the topic pattern, time of day or length of a
// pending lesson and the pending ones after it, or delete them (admin and staff). Each lesson
// keeps its date; a running or finished lesson is never touched (the server sees to it).
import { ActionIcon, Modal, NumberInput, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCalendarRepeat, IconTrashX } from '@tabler/icons-react';
import { type FormEvent, useEffect } from 'react';
import { changeFollowingLessonsInput } from '#common/lesson-series.ts';
import type { LessonDto } from '#common/lessons.ts';
import { confirmDeletion } from '#web/components/confirm.tsx';
import { TimeField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useChangeFollowing, useDeleteFollowing } from './api.ts';

const blankChange = { topic_pattern: '', start_time: '', duration_minutes: '' as number | string };

export function EditFollowingModal({
  lesson,
  onClose,
}: {
  lesson: LessonDto | null;
  onClose: () => void;
}) {
  const change = useChangeFollowing();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blankChange,
    schema: changeFollowingLessonsInput,
    // Only what the user filled in changes.
    toInput: (values) => ({
      ...(values.topic_pattern.trim() ? { topic_pattern: values.topic_pattern } : {}),
      ...(values.start_time ? { start_time: values.start_time } : {}),
      ...(values.duration_minutes !== ''
        ? { duration_minutes: Number(values.duration_minutes) }
        : {}),
    }),
  });
  useEffect(() => {
    if (lesson) reset(blankChange);
  }, [lesson]);

  const guard = useGuardedClose({ opened: lesson !== null, dirty: form.isDirty(), onClose });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input || !lesson) return;
    change.mutate(
      { scheduleId: lesson.schedule_id, input },
      {
        onSuccess: (result) => {
          notifySuccess(noticeText(result));
          onClose();
        },
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <Modal
      opened={lesson !== null}
      {...guard.modalProps}
      title={t('series.editFollowing')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('series.editHint')}
          </Text>
          <FormError message={formError} />
          <TextInput
            label={t('series.topicPattern')}
            description={t('series.topicPatternHint')}
            placeholder="Unit {n}"
            {...form.getInputProps('topic_pattern')}
          />
          <TimeField
            label={t('series.startTime')}
            value={form.values.start_time}
            onChange={(value) => form.setFieldValue('start_time', value)}
            error={form.errors.start_time}
          />
          <NumberInput
            label={t('series.duration')}
            min={15}
            max={720}
            step={15}
            {...form.getInputProps('duration_minutes')}
          />
          <FormActions
            onCancel={guard.close}
            submitLabel={t('series.saveFollowing')}
            loading={change.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** The two buttons a pending lesson of a series gets for whoever manages the class. */
export function FollowingLessonsButtons({
  lesson,
  onEdit,
}: {
  lesson: LessonDto;
  onEdit: () => void;
}) {
  const remove = useDeleteFollowing();
  const askDelete = () =>
    confirmDeletion(
      t('series.deleteFollowing'),
      t('series.deleteFollowingMessage', { topic: lesson.topic }),
      () =>
        remove.mutate(lesson.schedule_id, {
          onSuccess: (result) => notifySuccess(noticeText(result), t('classes.deleted')),
          onError: (error) => notifyError(errorText(error), t('error.SCHEDULE_DELETE_FAILED')),
        }),
    );
  return (
    <>
      <Tooltip label={t('series.editFollowing')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('series.editFollowingNamed', { topic: lesson.topic })}
          onClick={onEdit}
        >
          <IconCalendarRepeat size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('series.deleteFollowing')}>
        <ActionIcon
          variant="subtle"
          color="error"
          aria-label={t('series.deleteFollowingNamed', { topic: lesson.topic })}
          onClick={askDelete}
          loading={remove.isPending}
        >
          <IconTrashX size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
