// A term of lessons in one step: the series form, then a preview of every lesson it would create
// with the clashing ones and those on closed days marked (a closed day's lesson may be ticked back
// in, which asks for the preview again), then one confirmed request (one Idempotency-Key per
// preview, so a retried submit creates the series once). Nothing is written before the
// confirmation.
import {
  Alert,
  Button,
  Chip,
  Group,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { DEFAULT_SCHEDULE_MINUTES, WEEKDAYS } from '#common/constants.ts';
import {
  type LessonSeriesRequest,
  lessonSeriesInput,
  type SeriesPreviewDto,
} from '#common/lesson-series.ts';
import type { Venue } from '#common/venues.ts';
import { DateField, TimeField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { useLessonVenueDefault, VenueFields, venueProblems } from '#web/features/rooms/index.ts';
import { type MessageKey, t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useClass, useCreateSeries, usePreviewSeries } from './api.ts';
import { SeriesPreview } from './series-preview.tsx';

const blankSeries = {
  topic_pattern: 'Unit {n}',
  description: '',
  weekdays: [] as string[],
  start_time: '',
  duration_minutes: DEFAULT_SCHEDULE_MINUTES as number | string,
  first_date: '',
  ends_by: 'count' as 'count' | 'date',
  count: 12 as number | string,
  end_date: '',
  venue: '' as Venue | '',
  room_id: '',
};
type SeriesValues = typeof blankSeries;

const toInput = (values: SeriesValues) => ({
  topic_pattern: values.topic_pattern,
  description: values.description || null,
  weekdays: values.weekdays.map(Number),
  start_time: values.start_time,
  duration_minutes: values.duration_minutes === '' ? Number.NaN : Number(values.duration_minutes),
  first_date: values.first_date,
  count: values.ends_by === 'count' ? (values.count === '' ? null : Number(values.count)) : null,
  end_date: values.ends_by === 'date' ? values.end_date || null : null,
  venue: values.venue || undefined,
  room_id: values.venue === 'room' ? values.room_id || null : undefined,
});

export function LessonSeriesModal({
  classId,
  opened,
  onClose,
}: {
  classId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const previewSeries = usePreviewSeries();
  const klass = useClass(opened ? classId : null).data;
  const venueDefault = useLessonVenueDefault(klass);
  const createSeries = useCreateSeries();
  const [planned, setPlanned] = useState<{
    input: LessonSeriesRequest;
    preview: SeriesPreviewDto;
    key: string;
  } | null>(null);
  const [onClash, setOnClash] = useState<'skip' | 'refuse'>('skip');
  const [createError, setCreateError] = useState<string | null>(null);
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blankSeries,
    schema: lessonSeriesInput,
    toInput,
  });

  useEffect(() => {
    if (opened) {
      reset({ ...blankSeries, ...venueDefault });
      setPlanned(null);
      setOnClash('skip');
      setCreateError(null);
    }
  }, [opened]);
  useEffect(() => {
    if (opened && venueDefault && !form.getValues().venue) {
      // The class's venue arriving is no typing: it is part of what closing would not lose.
      form.setValues(venueDefault);
      form.resetDirty({ ...form.getValues(), ...venueDefault });
    }
  }, [opened, venueDefault?.venue]);

  const preview = (input: LessonSeriesRequest) =>
    previewSeries.mutate(
      { classId, input },
      {
        onSuccess: (result) => {
          setCreateError(null);
          setPlanned({ input, preview: result, key: crypto.randomUUID() });
        },
        // From the preview step (a closed day ticked back in) the form is not in view.
        onError: (error) => (planned ? setCreateError(errorText(error)) : showError(error)),
      },
    );

  const showPreview = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    const problems = venueProblems(form.values);
    for (const [field, text] of Object.entries(problems)) form.setFieldError(field, text);
    if (input && Object.keys(problems).length === 0) preview(input);
  };

  /** A lesson on a closed day ticked back in (or out): numbering and count change, so ask again. */
  const keepOnClosedDay = (date: string, keep: boolean) => {
    if (!planned) return;
    const kept = (planned.input.include_closed_dates ?? []).filter((d) => d !== date);
    preview({ ...planned.input, include_closed_dates: keep ? [...kept, date] : kept });
  };

  const confirm = () => {
    if (!planned) return;
    createSeries.mutate(
      { classId, input: { ...planned.input, on_clash: onClash }, key: planned.key },
      {
        onSuccess: (result) => {
          notifySuccess(noticeText(result));
          onClose();
        },
        onError: (error) => setCreateError(errorText(error)),
      },
    );
  };

  // A previewed series is typed input too: closing it asks as the form does.
  const guard = useGuardedClose({ opened, dirty: form.isDirty() || planned !== null, onClose });
  const lessons = planned?.preview.lessons ?? [];
  const clashes = lessons.filter((lesson) => lesson.clash).length;
  const closed = lessons.filter((lesson) => lesson.closed_day?.included === false).length;
  const creatable = lessons.length - clashes - closed;

  return (
    <Modal opened={opened} {...guard.modalProps} title={t('series.add')} size="lg" centered>
      {planned ? (
        <Stack>
          <FormError message={createError} />
          <Text size="sm" data-testid="series-summary">
            {closed > 0
              ? t('series.summaryClosed', { ok: creatable, clashes, closed })
              : t('series.summary', { ok: creatable, clashes })}
          </Text>
          {planned.preview.stopped_at_class_end && (
            <Alert color="warning">{t('series.stoppedAtClassEnd')}</Alert>
          )}
          <SeriesPreview
            preview={planned.preview}
            onKeepClosed={keepOnClosedDay}
            busy={previewSeries.isPending}
          />
          {clashes > 0 && (
            <Radio.Group
              label={t('series.onClash')}
              value={onClash}
              onChange={(value) => setOnClash(value as 'skip' | 'refuse')}
            >
              <Stack gap={6} mt={6}>
                <Radio value="skip" label={t('series.onClash.skip')} />
                <Radio value="refuse" label={t('series.onClash.refuse')} />
              </Stack>
            </Radio.Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPlanned(null)}>
              {t('series.back')}
            </Button>
            <Button
              onClick={confirm}
              loading={createSeries.isPending}
              disabled={creatable === 0 && onClash === 'skip'}
            >
              {t('series.create', {
                count: onClash === 'skip' ? creatable : lessons.length - closed,
              })}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={showPreview} noValidate>
          <Stack>
            <FormError message={formError} />
            <TextInput
              label={t('series.topicPattern')}
              description={t('series.topicPatternHint')}
              {...form.getInputProps('topic_pattern')}
              required
            />
            <Textarea
              label={t('lesson.description')}
              {...form.getInputProps('description')}
              autosize
              minRows={2}
            />
            <Chip.Group multiple {...form.getInputProps('weekdays')}>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="series-weekdays-label">
                  {t('series.weekdays')}
                </Text>
                <Group gap={6} role="group" aria-labelledby="series-weekdays-label">
                  {WEEKDAYS.map((day) => (
                    <Chip key={day} value={String(day)} size="sm">
                      {t(`series.weekday.${day}` as MessageKey)}
                    </Chip>
                  ))}
                </Group>
                {form.errors.weekdays && (
                  <Text size="xs" c="error" role="alert">
                    {form.errors.weekdays}
                  </Text>
                )}
              </Stack>
            </Chip.Group>
            <Group grow align="flex-start">
              <TimeField
                label={t('series.startTime')}
                value={form.values.start_time}
                onChange={(value) => form.setFieldValue('start_time', value)}
                error={form.errors.start_time}
                required
              />
              <NumberInput
                label={t('series.duration')}
                min={15}
                max={720}
                step={15}
                {...form.getInputProps('duration_minutes')}
                required
              />
            </Group>
            <DateField
              label={t('series.firstDate')}
              value={form.values.first_date}
              onChange={(value) => form.setFieldValue('first_date', value)}
              error={form.errors.first_date}
              required
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="series-ends-by-label">
                {t('series.endsBy')}
              </Text>
              <SegmentedControl
                aria-labelledby="series-ends-by-label"
                data={[
                  { value: 'count', label: t('series.endsByCount') },
                  { value: 'date', label: t('series.endsByDate') },
                ]}
                {...form.getInputProps('ends_by')}
              />
            </Stack>
            {form.values.ends_by === 'count' ? (
              <NumberInput
                label={t('series.count')}
                min={1}
                max={200}
                {...form.getInputProps('count')}
                required
              />
            ) : (
              <DateField
                label={t('series.endDate')}
                value={form.values.end_date}
                onChange={(value) => form.setFieldValue('end_date', value)}
                error={form.errors.end_date ?? form.errors.count}
                required
              />
            )}
            <VenueFields
              values={{ venue: form.values.venue, room_id: form.values.room_id }}
              onChange={(venue) => form.setValues(venue)}
              errors={{ venue: form.errors.venue, room_id: form.errors.room_id }}
              linkOffered={Boolean(klass?.meeting_link)}
            />
            <FormActions
              onCancel={guard.close}
              submitLabel={t('series.preview')}
              loading={previewSeries.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
