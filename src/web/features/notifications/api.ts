// The signed-in user's notifications (the sidebar's bell): the list with its unread count, kept
// fresh by the event stream ('notifications.changed' reaches only its owner's tabs).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationListDto } from '#common/notifications.ts';
import { api } from '#web/lib/api-client.ts';
import type { RealtimeRefresh } from '#web/lib/realtime.ts';

const NOTIFICATIONS_KEY = ['notifications'] as const;

export const useNotifications = () =>
  useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => api<NotificationListDto>('/notifications'),
    // The event stream says when it changes; this is for a stream that was down.
    refetchInterval: 5 * 60_000,
  });

function useNotificationMutation<TInput>(request: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
export const useMarkRead = () =>
  useNotificationMutation((notificationId: string) =>
    api(`/notifications/${notificationId}/read`, { method: 'POST' }),
  );
export const useMarkAllRead = () =>
  useNotificationMutation(() => api('/notifications/read-all', { method: 'POST' }));

export const notificationsRealtime: RealtimeRefresh = {
  'notifications.changed': (queryClient) =>
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
};
