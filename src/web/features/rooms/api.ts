// The center's rooms and the venues a lesson can be held on (docs/decisions/019-rooms-and-links.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '#common/notice.ts';
import type { CreateRoomInput, RoomDto, UpdateRoomInput, VenuesDto } from '#common/venues.ts';
import { api } from '#web/lib/api-client.ts';

export const roomKeys = { all: ['rooms'] as const, venues: ['venues'] as const };

/** Every room, in use first (archived ones last). */
export const useRooms = (enabled = true) =>
  useQuery({
    queryKey: roomKeys.all,
    queryFn: () => api<{ items: RoomDto[] }>('/rooms').then((reply) => reply.items),
    enabled,
  });

/** The venues on offer now: the video provider's only while it is connected. */
export const useVenues = (enabled = true) =>
  useQuery({
    queryKey: roomKeys.venues,
    queryFn: () => api<VenuesDto>('/venues').then((reply) => reply.available),
    enabled,
    staleTime: 60_000,
  });

function useRoomMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // Lessons and classes name their rooms: their lists follow a rename.
    onSuccess: () => {
      for (const key of [roomKeys.all, ['schedules'], ['classes'], ['dashboard']]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

export const useCreateRoom = () =>
  useRoomMutation((input: CreateRoomInput) => api<RoomDto>('/rooms', { json: input }));
export const useUpdateRoom = () =>
  useRoomMutation(({ roomId, input }: { roomId: string; input: UpdateRoomInput }) =>
    api<RoomDto>(`/rooms/${roomId}`, { method: 'PATCH', json: input }),
  );
export const useDeleteRoom = () =>
  useRoomMutation((roomId: string) => api<Notice>(`/rooms/${roomId}`, { method: 'DELETE' }));
