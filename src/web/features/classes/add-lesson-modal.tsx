// Add a lesson (product.md §2, §5): choosing a start sets the end one hour later; the duration
// shows in hours and minutes.
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { DEFAULT_SCHEDULE_MINUTES } from '#common/constants.ts';
import { createScheduleInput } from '#common/schemas.ts';
import { DateTimeField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { t } from '#web/i18n/index.ts';
import { centerWallTimeToIso, dayjs } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useCreateLesson } from './api.ts';

const WALL_TIME = 'YYYY-MM-DD HH:mm';

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
  const [topic, setTopic] = useState('');
  const [description, setDescription] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setTopic('');
    setDescription('');
    setStart('');
    setEnd('');
    setError(null);
  }, [opened]);

  const chooseStart = (value: string) => {
    setStart(value);
    if (value) setEnd(dayjs(value).add(DEFAULT_SCHEDULE_MINUTES, 'minute').format(WALL_TIME));
  };

  const minutes = start && end ? dayjs(end).diff(dayjs(start), 'minute') : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Typed as the center's wall time (dd/mm/yyyy HH:mm in its zone), sent as an instant.
    const toIso = (value: string) => (value ? centerWallTimeToIso(value) : '');
    const parsed = createScheduleInput.safeParse({
      topic,
      description: description || null,
      start_time: toIso(start),
      end_time: toIso(end),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('error.VALIDATION'));
      return;
    }
    if (Date.parse(parsed.data.start_time) < Date.now()) {
      setError(t('error.SCHEDULE_START_IN_PAST'));
      return;
    }
    setError(null);
    create.mutate(
      { classId, input: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(t('error.SCHEDULE_CREATED'));
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('classes.addLesson')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={error} />
          <TextInput
            label={t('lesson.topic')}
            value={topic}
            onChange={(e) => setTopic(e.currentTarget.value)}
            required
          />
          <Textarea
            label={t('lesson.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <DateTimeField label={t('lesson.start')} value={start} onChange={chooseStart} required />
          <DateTimeField label={t('lesson.end')} value={end} onChange={setEnd} required />
          {minutes > 0 && (
            <Text size="sm" c="dimmed" data-testid="lesson-duration">
              {t('lesson.duration', { duration: formatDuration(minutes) })}
            </Text>
          )}
          <FormActions
            onCancel={onClose}
            submitLabel={t('lesson.save')}
            loading={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
