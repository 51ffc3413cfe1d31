// Create or edit a class (product.md §2, §5): name, teacher, start and end date, description, and
// where its lessons are held by default (docs/decisions/019): a venue on offer, its room, its link.
import { Group, Modal, NumberInput, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import type { ClassDto } from '#common/classes.ts';
import { createClassInput } from '#common/classes.ts';
import { MAKEUP_SEATS } from '#common/makeups.ts';
import type { Venue } from '#common/venues.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { SearchableSelect } from '#web/components/searchable-select.tsx';
import { useVenues, VenueFields, venueProblems } from '#web/features/rooms/index.ts';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useCreateClass, useTeacherOptions, useUpdateClass } from './api.ts';

const blankClass = {
  class_name: '',
  teacher_id: '',
  start_date: '',
  end_date: '',
  description: '',
  /** '' until chosen; for an edit, left '' when the class's venue is not on offer (kept as is). */
  default_venue: '' as Venue | '',
  default_room_id: '',
  meeting_link: '',
  /** Its online lessons recorded to the cloud (docs/decisions/034-recordings.md). */
  auto_cloud_recording: false,
  /** Make-up visitors per lesson (docs/decisions/032). */
  makeup_seats: MAKEUP_SEATS.default as number | string,
};

export function ClassFormModal({
  opened,
  onClose,
  klass,
}: {
  opened: boolean;
  onClose: () => void;
  klass?: ClassDto;
}) {
  const teachers = useTeacherOptions(opened);
  const venues = useVenues(opened);
  const create = useCreateClass();
  const update = useUpdateClass();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blankClass,
    schema: createClassInput,
    toInput: (values) => ({
      ...values,
      description: values.description || null,
      default_venue: values.default_venue || undefined,
      default_room_id: values.default_venue ? values.default_room_id || null : undefined,
      // An emptied field is '' here: the schema refuses it with the range's message.
      makeup_seats: values.makeup_seats as number,
    }),
  });

  // Filled when the dialog opens; a realtime refresh of the class must not reset the form.
  useEffect(() => {
    if (!opened) return;
    reset(
      klass
        ? {
            class_name: klass.class_name,
            teacher_id: klass.teacher_id,
            start_date: klass.start_date,
            end_date: klass.end_date,
            description: klass.description ?? '',
            default_venue: '',
            default_room_id: klass.default_room?.room_id ?? '',
            meeting_link: klass.meeting_link ?? '',
            auto_cloud_recording: klass.auto_cloud_recording,
            makeup_seats: klass.makeup_seats,
          }
        : blankClass,
    );
  }, [opened]);

  // The venue once the server said which are on offer: the class's own, or 'zoom' for a new class.
  useEffect(() => {
    if (!opened || !venues.data || form.getValues().default_venue) return;
    const wanted = klass ? klass.default_venue : ('zoom' as Venue);
    if (!venues.data.includes(wanted)) return;
    // The class's venue arriving is no typing: an untouched form stays untouched (Escape closes
    // it at once), as in the add-lesson and series dialogs.
    const untouched = !form.isDirty();
    form.setFieldValue('default_venue', wanted);
    if (untouched) form.resetDirty({ ...form.getValues(), default_venue: wanted });
  }, [opened, venues.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    const { venue, room_id } = venueProblems({
      venue: form.values.default_venue || (klass ? klass.default_venue : ''),
      room_id: form.values.default_room_id,
    });
    if (venue) form.setFieldError('default_venue', venue);
    if (room_id) form.setFieldError('default_room_id', room_id);
    if (!input || venue || room_id) return;
    const done = (message: string) => {
      notifySuccess(message);
      onClose();
    };
    // product.md §8: class create/update errors are logged; the dialog also says what went wrong.
    const fail = (e: Error) => {
      console.error(e);
      showError(e);
    };
    if (klass)
      update.mutate(
        { classId: klass.class_id, input },
        { onSuccess: () => done(t('error.CLASS_UPDATED')), onError: fail },
      );
    else
      create.mutate(input, {
        onSuccess: () => done(t('error.CLASS_CREATED')),
        onError: fail,
      });
  };

  const guard = useGuardedClose({ opened, dirty: form.isDirty(), onClose });
  const noTeachers = teachers.data?.length === 0;
  return (
    <Modal
      opened={opened}
      {...guard.modalProps}
      title={klass ? t('classes.edit') : t('classes.create')}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={formError} />
          <TextInput
            label={t('classes.field.name')}
            {...form.getInputProps('class_name')}
            required
          />
          <SearchableSelect
            label={t('classes.field.teacher')}
            data={(teachers.data ?? []).map((teacher) => ({
              value: teacher.user_id,
              label: teacher.full_name,
            }))}
            value={form.values.teacher_id || null}
            onChange={(teacherId) => form.setFieldValue('teacher_id', teacherId ?? '')}
            error={form.errors.teacher_id}
            required
          />
          {noTeachers && (
            <Text size="sm" c="warning.8">
              {t('classes.noTeachers')}
            </Text>
          )}
          <Group grow>
            <DateField
              label={t('classes.field.start')}
              value={form.values.start_date}
              onChange={(value) => form.setFieldValue('start_date', value)}
              error={form.errors.start_date}
              required
            />
            <DateField
              label={t('classes.field.end')}
              value={form.values.end_date}
              onChange={(value) => form.setFieldValue('end_date', value)}
              error={form.errors.end_date}
              required
            />
          </Group>
          <Textarea
            label={t('classes.field.description')}
            {...form.getInputProps('description')}
            autosize
            minRows={2}
          />
          <VenueFields
            label={t('venues.classField')}
            description={t('venues.classFieldHint')}
            values={{ venue: form.values.default_venue, room_id: form.values.default_room_id }}
            onChange={({ venue, room_id }) =>
              form.setValues({ default_venue: venue, default_room_id: room_id })
            }
            errors={{ venue: form.errors.default_venue, room_id: form.errors.default_room_id }}
            linkOffered
          />
          <TextInput
            label={t('venues.linkField')}
            description={t('venues.linkHint')}
            type="url"
            inputMode="url"
            {...form.getInputProps('meeting_link')}
            required={form.values.default_venue === 'link'}
          />
          {/* Only the video provider records to the cloud: a class in a room or on a link has no switch. */}
          {form.values.default_venue === 'zoom' && (
            <Switch
              label={t('recordings.autoRecord')}
              description={t('recordings.autoRecordHint')}
              {...form.getInputProps('auto_cloud_recording', { type: 'checkbox' })}
            />
          )}
          <NumberInput
            label={t('makeups.classSeats')}
            description={t('makeups.classSeatsHint')}
            min={MAKEUP_SEATS.min}
            max={MAKEUP_SEATS.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('makeup_seats')}
          />
          <FormActions
            onCancel={guard.close}
            submitLabel={t('classes.save')}
            loading={create.isPending || update.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
