// The signed-in user's own name and avatar.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionDto } from '#common/auth.ts';
import type { Notice } from '#common/notice.ts';
import type { ActiveSessionDto } from '#common/sessions.ts';
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

// The private calendar feed (calendar apps subscribe to its URL). The server keeps only its
// token's hash: the URL is in the reply that made it and, after that, only in this tab's memory
// (until a reload or sign-out), never fetched again (docs/decisions/044).
const CALENDAR_FEED_KEY = ['profile', 'calendar-feed'] as const;
const NEW_FEED_URL_KEY = ['profile', 'calendar-feed', 'new-url'] as const;
/** reachable_from_internet false: calendar apps cannot fetch the URL (PUBLIC_ORIGIN unset). */
type FeedState = { exists: boolean; created_at: string | null; reachable_from_internet: boolean };
type FeedReply = FeedState & { url?: string } & Partial<Notice>;

export const useCalendarFeed = (enabled = true) =>
  useQuery({
    queryKey: CALENDAR_FEED_KEY,
    queryFn: () => api<FeedState>('/profile/calendar-feed'),
    enabled,
  });

/** The URL made in this tab, or null: the server never gives it again. */
export const useNewCalendarFeedUrl = () =>
  useQuery({
    queryKey: NEW_FEED_URL_KEY,
    queryFn: () => null as string | null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data ?? null;

function useFeedMutation(method: 'POST' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<FeedReply>('/profile/calendar-feed', { method }),
    onSuccess: (reply) => {
      queryClient.setQueryData<FeedState>(CALENDAR_FEED_KEY, {
        exists: reply.exists,
        created_at: reply.created_at,
        reachable_from_internet: reply.reachable_from_internet,
      });
      queryClient.setQueryData(NEW_FEED_URL_KEY, reply.url ?? null);
    },
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

// One's own active sessions (and, for the admin's 'Security' card, ending anyone's).
const OWN_SESSIONS_KEY = ['sessions', 'own'] as const;
/** Every list of sessions: ending one refreshes them all. */
const SESSIONS_KEY = ['sessions'] as const;

export const useOwnSessions = (enabled = true) =>
  useQuery({
    queryKey: OWN_SESSIONS_KEY,
    queryFn: () => api<{ sessions: ActiveSessionDto[] }>('/auth/sessions'),
    enabled,
  });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api<Notice>(`/auth/sessions/${sessionId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ ended: number } & Notice>('/auth/sessions/end-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
