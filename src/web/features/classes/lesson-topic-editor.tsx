// Changing a lesson's topic (product.md §6 update_schedule_topic: the class's teacher and admin),
// in place in the class dialog's Lịch Học tab. Other open tabs see the new topic at once (the
// server announces the change on the event stream).
import { ActionIcon, Button, Group, TextInput, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import type { LessonDto } from '#common/lessons.ts';
import { updateLessonTopicInput } from '#common/lessons.ts';
import { useDirtyReport } from '#web/components/guarded-close.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useUpdateLessonTopic } from './api.ts';

/** The pencil that opens the editor. */
export function EditTopicButton({ lesson, onEdit }: { lesson: LessonDto; onEdit: () => void }) {
  return (
    <Tooltip label={t('lesson.editTopic')}>
      <ActionIcon
        variant="subtle"
        aria-label={t('lesson.editTopicNamed', { topic: lesson.topic })}
        onClick={onEdit}
      >
        <IconPencil size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

export function LessonTopicEditor({ lesson, onDone }: { lesson: LessonDto; onDone: () => void }) {
  const { form, validInput, showError } = useAppForm({
    initialValues: { topic: lesson.topic },
    schema: updateLessonTopicInput,
  });
  const update = useUpdateLessonTopic();
  useDirtyReport(form.isDirty());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    update.mutate(
      { scheduleId: lesson.schedule_id, topic: input.topic },
      {
        onSuccess: () => {
          notifySuccess(t('lesson.topicSaved'));
          onDone();
        },
        onError: (e) => {
          showError(e);
          notifyError(errorText(e));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={t('lesson.topic')}
          {...form.getInputProps('topic')}
          maxLength={200}
          data-autofocus
          style={{ flex: 1 }}
        />
        <Group gap="xs" mt={25} wrap="nowrap">
          <Button type="submit" size="xs" loading={update.isPending}>
            {t('common.save')}
          </Button>
          <Button type="button" size="xs" variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
