// The center's rooms (docs/decisions/019-rooms-and-links.md), for admin (from Settings) and staff:
// add, edit, archive or use again, and delete a room no lesson or class has used (a room in use is
// refused with the reason, and archived instead). One card per room, so it reads on a phone.
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { RoomDto } from '#common/venues.ts';
import { confirmDeletion } from '#web/components/confirm.tsx';
import { DeleteIconButton } from '#web/components/delete-icon-button.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { t } from '#web/i18n/index.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useDeleteRoom, useRooms, useUpdateRoom } from './api.ts';

// Its dialogs load when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const RoomFormModal = lazyDialog(
  () => import('./room-form-modal.tsx').then((m) => m.RoomFormModal),
  ({ opened }) => opened,
);

function RoomCard({ room, onEdit }: { room: RoomDto; onEdit: () => void }) {
  const update = useUpdateRoom();
  const remove = useDeleteRoom();
  const name = { name: room.name };
  const toggleArchived = () =>
    update.mutate(
      { roomId: room.room_id, input: { archived: !room.archived } },
      {
        onSuccess: () =>
          notifySuccess(t(room.archived ? 'error.ROOM_RESTORED' : 'error.ROOM_ARCHIVED', name)),
        onError: (error) => notifyError(errorText(error)),
      },
    );
  const deleteRoom = () =>
    confirmDeletion(t('rooms.deleteTitle'), t('rooms.deleteMessage', name), () =>
      remove.mutate(room.room_id, {
        onSuccess: (result) => notifySuccess(noticeText(result)),
        onError: (error) => notifyError(errorText(error), t('rooms.deleteFailed')),
      }),
    );
  const archiveLabel = t(room.archived ? 'rooms.restoreNamed' : 'rooms.archiveNamed', name);
  return (
    <Paper withBorder radius="md" p="md" data-testid="room-card" aria-label={room.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Text fw={700}>{room.name}</Text>
            <Badge variant="light" color={room.archived ? 'gray' : 'success'} tt="none">
              {t(room.archived ? 'rooms.archived' : 'rooms.inUse')}
            </Badge>
          </Group>
          {room.capacity != null && (
            <Text size="sm" c="dimmed">
              {t('rooms.capacityShort', { count: room.capacity })}
            </Text>
          )}
          {room.note && (
            <Text size="sm" c="dimmed">
              {room.note}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('rooms.editNamed', name)}>
            <ActionIcon variant="subtle" aria-label={t('rooms.editNamed', name)} onClick={onEdit}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={archiveLabel}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={archiveLabel}
              loading={update.isPending}
              onClick={toggleArchived}
            >
              {room.archived ? (
                <IconArchiveOff size={16} aria-hidden />
              ) : (
                <IconArchive size={16} aria-hidden />
              )}
            </ActionIcon>
          </Tooltip>
          <DeleteIconButton label={t('rooms.deleteNamed', name)} onClick={deleteRoom} />
        </Group>
      </Group>
    </Paper>
  );
}

export default function RoomsPage() {
  const rooms = useRooms();
  const [editing, setEditing] = useState<RoomDto | null | 'new'>(null);
  return (
    <>
      <PageHeader
        title={t('rooms.title')}
        subtitle={t('rooms.subtitle')}
        action={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            {t('rooms.add')}
          </Button>
        }
      />
      <QueryState query={rooms}>
        {rooms.data?.length === 0 && <Text c="dimmed">{t('rooms.empty')}</Text>}
      </QueryState>
      <Stack gap="sm" aria-label={t('rooms.list')} component="section">
        {rooms.data?.map((room) => (
          <RoomCard key={room.room_id} room={room} onEdit={() => setEditing(room)} />
        ))}
      </Stack>
      <RoomFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        room={editing === 'new' ? null : editing}
      />
    </>
  );
}
