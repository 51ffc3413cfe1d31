// One pending lesson moved (its date, start time, length and venue) or cancelled with a reason, by admin
// and staff (docs/decisions/020). The server applies the rules of a new lesson to a move and
// tells the class; a refusal it names a field for shows under that field.
import { Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { CANCEL_REASON_MAX_LENGTH, MAX_LESSON_MINUTES } from '#common/constants.ts';
import { cancelLessonInput, type LessonDto } from '#common/lessons.ts';
import { codes } from '#common/messages.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { VenueFields, type VenueValues, venueProblems } from '#web/features/rooms/index.ts';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { centerWallTimeToIso, formatDate, formatTime, inCenter } from '#web/lib/dates.ts';
import { useKeyPerOpening } from '#web/lib/key-per-opening.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useCancelLesson, useClass, useMoveLesson } from './api.ts';

export interface LessonChangeDialogProps {
  lesson: LessonDto;
  opened: boolean;
  onClose: () => void;
  /** After the change was made, with the lesson as it is now. */
  onDone: (lesson: LessonDto) => void;
}

/** '18:00–19:30 15/03/2030': a lesson's time as the dialogs show it. */
export const lessonTimeText = (start: string, end: string) =>
  `${formatTime(start)}–${formatTime(end)} ${formatDate(start)}`;

/** The move form: a day, a start time (the center's wall clock) and a length. */
const moveFields = z.object({
  date: z.string().min(1, codes.SCHEDULE_TIMES_REQUIRED),
  start_time: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, codes.SCHEDULE_TIMES_REQUIRED),
  minutes: z
    .number({ error: codes.VALIDATION })
    .int(codes.VALIDATION)
    .min(1, codes.VALIDATION)
    .max(MAX_LESSON_MINUTES, codes.SCHEDULE_TOO_LONG),
});
type MoveValues = {
  date: string;
  start_time: string;
  minutes: number | string;
  venue: VenueValues['venue'];
  room_id: string;
};

const valuesOf = (lesson: LessonDto): MoveValues => {
  const start = inCenter(lesson.start_time);
  return {
    date: start.format('YYYY-MM-DD'),
    start_time: start.format('HH:mm'),
    minutes: Math.round((Date.parse(lesson.end_time) - Date.parse(lesson.start_time)) / 60_000),
    venue: lesson.venue,
    room_id: lesson.room?.room_id ?? '',
  };
};

/** The venue to send: only when the form asks for another one than the lesson has. */
function venueChange(lesson: LessonDto, values: VenueValues) {
  const roomId = values.venue === 'room' ? values.room_id : '';
  if (values.venue === lesson.venue && roomId === (lesson.room?.room_id ?? '')) return {};
  return { venue: values.venue || undefined, room_id: roomId || null };
}

/** The instants the form's values stand for, or null while they are incomplete. */
function timesOf(values: z.infer<typeof moveFields>) {
  const start = centerWallTimeToIso(`${values.date} ${values.start_time.slice(0, 5)}`);
  const end = new Date(Date.parse(start) + values.minutes * 60_000).toISOString();
  return { start_time: start, end_time: end };
}

export function MoveLessonDialog({ lesson, opened, onClose, onDone }: LessonChangeDialogProps) {
  const moveLesson = useMoveLesson();
  // Whether the class keeps a link (the link itself is never in a lesson's reply).
  const klass = useClass(opened ? lesson.class_id : null).data;
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: valuesOf(lesson),
    schema: moveFields,
    toInput: (values: MoveValues) => ({
      ...values,
      minutes: values.minutes === '' ? Number.NaN : Number(values.minutes),
    }),
  });
  const key = useKeyPerOpening(opened, () => reset(valuesOf(lesson)));
  const checked = moveFields.safeParse({ ...form.values, minutes: Number(form.values.minutes) });
  const planned = checked.success ? timesOf(checked.data) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = validInput();
    const problems = venueProblems(form.values);
    for (const [field, text] of Object.entries(problems)) form.setFieldError(field, text);
    if (!values || Object.keys(problems).length > 0) return;
    const input = { ...timesOf(values), ...venueChange(lesson, form.values) };
    if (Date.parse(input.start_time) < Date.now()) {
      form.setFieldError('start_time', t('error.SCHEDULE_START_IN_PAST'));
      return;
    }
    moveLesson.mutate(
      { scheduleId: lesson.schedule_id, input, key },
      {
        onSuccess: (moved) => {
          notifySuccess(t('error.LESSON_MOVED'));
          onDone(moved);
          onClose();
        },
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('lessonChange.move')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fw={600}>{lesson.topic}</Text>
          <Text size="sm" c="dimmed">
            {t('lessonChange.now', { time: lessonTimeText(lesson.start_time, lesson.end_time) })}
          </Text>
          <FormError message={formError} />
          <DateField
            label={t('lessonChange.date')}
            value={form.values.date}
            onChange={(value) => form.setFieldValue('date', value)}
            error={form.errors.date}
            required
          />
          <TimeInput
            label={t('lessonChange.startTime')}
            {...form.getInputProps('start_time')}
            required
          />
          <NumberInput
            label={t('lessonChange.minutes')}
            min={15}
            max={MAX_LESSON_MINUTES}
            step={15}
            {...form.getInputProps('minutes')}
            required
          />
          <VenueFields
            values={{ venue: form.values.venue, room_id: form.values.room_id }}
            onChange={(venue) => form.setValues(venue)}
            errors={{ venue: form.errors.venue, room_id: form.errors.room_id }}
            linkOffered={Boolean(klass?.meeting_link)}
          />
          {planned && (
            <Text size="sm" data-testid="moved-lesson-time">
              {t('lessonChange.newTime', {
                time: lessonTimeText(planned.start_time, planned.end_time),
              })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('lessonChange.moveHint')}
          </Text>
          <FormActions
            onCancel={onClose}
            cancelLabel={t('lessonChange.close')}
            submitLabel={t('lessonChange.move')}
            loading={moveLesson.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}

export function CancelLessonDialog({ lesson, opened, onClose, onDone }: LessonChangeDialogProps) {
  const cancelLesson = useCancelLesson();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: { reason: '' },
    schema: cancelLessonInput,
  });
  const key = useKeyPerOpening(opened, () => reset({ reason: '' }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    cancelLesson.mutate(
      { scheduleId: lesson.schedule_id, input, key },
      {
        onSuccess: (cancelled) => {
          notifySuccess(t('error.LESSON_CANCELLED'));
          onDone(cancelled);
          onClose();
        },
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('lessonChange.cancel')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fw={600}>{lesson.topic}</Text>
          <Text size="sm" c="dimmed">
            {lessonTimeText(lesson.start_time, lesson.end_time)}
          </Text>
          <FormError message={formError} />
          <Textarea
            label={t('lessonChange.reason')}
            description={t('lessonChange.reasonHint')}
            autosize
            minRows={3}
            maxLength={CANCEL_REASON_MAX_LENGTH}
            {...form.getInputProps('reason')}
            required
            data-autofocus
          />
          <FormActions
            onCancel={onClose}
            cancelLabel={t('lessonChange.close')}
            submitLabel={t('lessonChange.cancel')}
            loading={cancelLesson.isPending}
            danger
          />
        </Stack>
      </form>
    </Modal>
  );
}
