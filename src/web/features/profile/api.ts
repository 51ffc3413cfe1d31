// The signed-in user's own name and avatar.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionDto } from '#common/auth.ts';
import type { Notice } from '#common/notice.ts';
import type { UserDto } from '#common/users.ts';
import { SESSION_KEY, writeCachedSession } from '#web/features/auth/index.ts';
import { api } from '#web/lib/api-client.ts';

type ProfileReply = { user: UserDto } & Notice;

function useProfileMutation<TInput>(request: (input: TInput) => Promise<ProfileReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ user }) => {
      const session = queryClient.getQueryData<SessionDto | null>(SESSION_KEY);
      if (session) {
        const updated = { ...session, user };
        queryClient.setQueryData(SESSION_KEY, updated);
        writeCachedSession(updated);
      }
    },
  });
}

export const useUpdateProfile = () =>
  useProfileMutation((full_name: string) =>
    api<ProfileReply>('/profile', { method: 'PATCH', json: { full_name } }),
  );

export const useUploadAvatar = () =>
  useProfileMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<ProfileReply>('/profile/avatar', { form });
  });

// The private calendar feed URL (calendar apps subscribe to it).
const CALENDAR_FEED_KEY = ['profile', 'calendar-feed'] as const;
type FeedReply = { url: string | null } & Partial<Notice>;

export const useCalendarFeed = (enabled = true) =>
  useQuery({
    queryKey: CALENDAR_FEED_KEY,
    queryFn: () => api<FeedReply>('/profile/calendar-feed'),
    enabled,
  });

function useFeedMutation(method: 'POST' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<FeedReply>('/profile/calendar-feed', { method }),
    onSuccess: (reply) => queryClient.setQueryData(CALENDAR_FEED_KEY, { url: reply.url }),
  });
}
/** A new URL (the old one stops working). */
export const useRenewCalendarFeed = () => useFeedMutation('POST');
export const useRevokeCalendarFeed = () => useFeedMutation('DELETE');

/** Saves the interface language on the server; the app reloads in it. */
export const useSaveLanguage = () =>
  useProfileMutation((language: 'vi' | 'en') =>
    api<ProfileReply>('/profile/language', { method: 'PUT', json: { language } }),
  );
