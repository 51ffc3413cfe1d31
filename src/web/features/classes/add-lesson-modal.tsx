// Add a lesson (product.md §2, §5): choosing a start sets the end one hour later; the duration
// shows in hours and minutes. It is held where its class's lessons are unless another venue is
// chosen (docs/decisions/019). Closing it with
// something typed asks first.
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { DEFAULT_SCHEDULE_MINUTES } from '#common/constants.ts';
import { createLessonInput } from '#common/lessons.ts';
import type { Venue } from '#common/venues.ts';
import { DateTimeField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { useLessonVenueDefault, VenueFields, venueProblems } from '#web/features/rooms/index.ts';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { centerWallTimeToIso, dayjs } from '#web/lib/dates.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useClass, useCreateLesson } from './api.ts';

const WALL_TIME = 'YYYY-MM-DD HH:mm';

const blankLesson = {
  topic: '',
  description: '',
  start_time: '',
  end_time: '',
  venue: '' as Venue | '',
  room_id: '',
};

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
  const klass = useClass(opened ? classId : null).data;
  const venueDefault = useLessonVenueDefault(klass);
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blankLesson,
    schema: createLessonInput,
    // Typed as the center's wall time (dd/mm/yyyy HH:mm in its zone), sent as an instant.
    toInput: (values) => ({
      ...values,
      description: values.description || null,
      start_time: values.start_time ? centerWallTimeToIso(values.start_time) : '',
      end_time: values.end_time ? centerWallTimeToIso(values.end_time) : '',
      venue: values.venue || undefined,
      room_id: values.venue === 'room' ? values.room_id || null : undefined,
    }),
  });

  useEffect(() => {
    if (opened) reset({ ...blankLesson, ...venueDefault });
  }, [opened]);
  // The class's venue, once known (it never overwrites one already chosen).
  useEffect(() => {
    if (opened && venueDefault && !form.getValues().venue) {
      // The class's venue arriving is no typing: it is part of what closing would not lose.
      form.setValues(venueDefault);
      form.resetDirty({ ...form.getValues(), ...venueDefault });
    }
  }, [opened, venueDefault?.venue]);

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
    const problems = venueProblems(form.values);
    for (const [field, text] of Object.entries(problems)) form.setFieldError(field, text);
    if (!input || Object.keys(problems).length > 0) return;
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
          <VenueFields
            values={{ venue: form.values.venue, room_id: form.values.room_id }}
            onChange={(venue) => form.setValues(venue)}
            errors={{ venue: form.errors.venue, room_id: form.errors.room_id }}
            linkOffered={Boolean(klass?.meeting_link)}
          />
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
