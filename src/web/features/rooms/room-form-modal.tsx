// Add or edit a room: its name, and optionally how many it seats and a note (a projector, the
// floor).
import { Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { MAX_ROOM_CAPACITY } from '#common/venue-ids.ts';
import { createRoomInput, type RoomDto } from '#common/venues.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useCreateRoom, useUpdateRoom } from './api.ts';

const blankRoom = { name: '', capacity: '' as number | string, note: '' };

export function RoomFormModal({
  opened,
  onClose,
  room,
}: {
  opened: boolean;
  onClose: () => void;
  /** The room to edit; none: a new one. */
  room?: RoomDto | null;
}) {
  const create = useCreateRoom();
  const update = useUpdateRoom();
  const { form, formError, validInput, showError, reset } = useAppForm({
    initialValues: blankRoom,
    schema: createRoomInput,
    toInput: (values) => ({
      name: values.name,
      capacity: values.capacity === '' ? null : Number(values.capacity),
      note: values.note || null,
    }),
  });

  useEffect(() => {
    if (!opened) return;
    reset(
      room ? { name: room.name, capacity: room.capacity ?? '', note: room.note ?? '' } : blankRoom,
    );
  }, [opened]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    const done = (saved: RoomDto) => {
      notifySuccess(t(room ? 'error.ROOM_UPDATED' : 'error.ROOM_CREATED', { name: saved.name }));
      onClose();
    };
    const onError = (error: Error) => showError(error);
    if (room) update.mutate({ roomId: room.room_id, input }, { onSuccess: done, onError });
    else create.mutate(input, { onSuccess: done, onError });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={room ? t('rooms.edit') : t('rooms.add')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={formError} />
          <TextInput label={t('rooms.name')} {...form.getInputProps('name')} required />
          <NumberInput
            label={t('rooms.capacity')}
            min={1}
            max={MAX_ROOM_CAPACITY}
            allowDecimal={false}
            {...form.getInputProps('capacity')}
          />
          <Textarea label={t('rooms.note')} {...form.getInputProps('note')} autosize minRows={1} />
          <FormActions
            onCancel={onClose}
            submitLabel={t('rooms.save')}
            loading={create.isPending || update.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
