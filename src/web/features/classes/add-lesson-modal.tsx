// Add a lesson (product.md §2, §5): choosing a start sets the end one hour later; the duration
// shows in hours and minutes. Closing it with something typed asks first.
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { DEFAULT_SCHEDULE_MINUTES } from '#common/constants.ts';
import { createLessonInput } from '#common/lessons.ts';
import { DateTimeField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { centerWallTimeToIso, dayjs } from '#web/lib/dates.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useCreateLesson } from './api.ts';

const WALL_TIME = 'YYYY-MM-DD HH:mm';

const blankLesson = { topic: '', description: '', start_time: '', end_time: '' };

export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours && rest) return t('duration.hoursMinutes', { hours, minutes: rest });
  if (hours) return t('duration.hours', { hours });
  return t('duration.minutes', { minutes: rest });
}

export function AddLessonModal({
  classId,
  opened,
  onClose,
}: {
  classId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateLesson();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blankLesson,
    schema: createLessonInput,
    // Typed as the center's wall time (dd/mm/yyyy HH:mm in its zone), sent as an instant.
    toInput: (values) => ({
      ...values,
      description: values.description || null,
      start_time: values.start_time ? centerWallTimeToIso(values.start_time) : '',
      end_time: values.end_time ? centerWallTimeToIso(values.end_time) : '',
    }),
  });

  useEffect(() => {
    if (opened) reset(blankLesson);
  }, [opened]);

  const guard = useGuardedClose({ opened, dirty: form.isDirty(), onClose });
  const { start_time: start, end_time: end } = form.values;
  const chooseStart = (value: string) => {
    form.setFieldValue('start_time', value);
    if (value) {
      form.setFieldValue(
        'end_time',
        dayjs(value).add(DEFAULT_SCHEDULE_MINUTES, 'minute').format(WALL_TIME),
      );
    }
  };

  const minutes = start && end ? dayjs(end).diff(dayjs(start), 'minute') : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    if (Date.parse(input.start_time) < Date.now()) {
      form.setFieldError('start_time', t('error.SCHEDULE_START_IN_PAST'));
      return;
    }
    create.mutate(
      { classId, input },
      {
        onSuccess: () => {
          notifySuccess(t('error.SCHEDULE_CREATED'));
          onClose();
        },
        onError: (e) => showError(e),
      },
    );
  };

  return (
    <Modal opened={opened} {...guard.modalProps} title={t('classes.addLesson')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={formError} />
          <TextInput label={t('lesson.topic')} {...form.getInputProps('topic')} required />
          <Textarea
            label={t('lesson.description')}
            {...form.getInputProps('description')}
            autosize
            minRows={2}
          />
          <DateTimeField
            label={t('lesson.start')}
            value={start}
            onChange={chooseStart}
            error={form.errors.start_time}
            required
          />
          <DateTimeField
            label={t('lesson.end')}
            value={end}
            onChange={(value) => form.setFieldValue('end_time', value)}
            error={form.errors.end_time}
            required
          />
          {minutes > 0 && (
            <Text size="sm" c="dimmed" data-testid="lesson-duration">
              {t('lesson.duration', { duration: formatDuration(minutes) })}
            </Text>
          )}
          <FormActions
            onCancel={guard.close}
            submitLabel={t('lesson.save')}
            loading={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
