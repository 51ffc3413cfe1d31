// Sign-in state. The session is cached locally with a cached-at stamp (product.md §3) and counts
// as fresh for 15 minutes; when the server cannot be reached, the cached profile stands in
// however old it is (§8: "use a stale cached profile if present").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionDto } from '#common/auth.ts';
import { PROFILE_CACHE_LIFETIME_MS, PROFILE_QUERY_TIMEOUT_MS } from '#common/constants.ts';
import type { Notice } from '#common/notice.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { forgetBootAnswers } from '#web/lib/boot.ts';
import { setCenterTimezone } from '#web/lib/center-zone.ts';

export const SESSION_KEY = ['session'] as const;
const CACHE_KEY = 'edu:session';

interface CachedSession {
  cachedAt: number;
  session: SessionDto;
}

function readCachedSession(): CachedSession | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    if (!raw) return null;
    const cached = JSON.parse(raw) as CachedSession;
    if (typeof cached.cachedAt !== 'number' || !cached.session?.user) return null;
    setCenterTimezone(cached.session.centerTimezone);
    return cached;
  } catch {
    return null;
  }
}

export function writeCachedSession(session: SessionDto | null): void {
  setCenterTimezone(session?.centerTimezone);
  try {
    if (session) localStorage.setItem(CACHE_KEY, JSON.stringify({ cachedAt: Date.now(), session }));
    else localStorage.removeItem(CACHE_KEY);
  } catch {
    // Private mode: no cache.
  }
}

export async function fetchSession(): Promise<SessionDto | null> {
  try {
    const session = await api<SessionDto>('/auth/session', { timeoutMs: PROFILE_QUERY_TIMEOUT_MS });
    writeCachedSession(session);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      writeCachedSession(null);
      return null;
    }
    // No answer (network, timeout, 5xx): a cached profile stands in, however old (§8).
    const cached = readCachedSession();
    if (cached) return cached.session;
    throw error;
  }
}

/** Without a cached profile, a failed load is tried again this often (it keeps the session). */
const PROFILE_RETRY_INTERVAL_MS = 10_000;

export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: fetchSession,
    // The cached profile shows at once; it counts as fresh for 15 minutes from its cached-at
    // stamp (§9), after which it is fetched again (and still stands in if that fails).
    initialData: () => readCachedSession()?.session,
    initialDataUpdatedAt: () => readCachedSession()?.cachedAt,
    staleTime: PROFILE_CACHE_LIFETIME_MS,
    // One retry on a timeout or network failure (§9: 15 s timeout, one retry).
    retry: (count, error) => count < 1 && error instanceof ApiError && error.status === 0,
    // No profile at all: keep trying in the background until the server answers.
    refetchInterval: (query) =>
      query.state.status === 'error' && !query.state.data ? PROFILE_RETRY_INTERVAL_MS : false,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api<SessionDto>('/auth/login', { json: input }),
    onSuccess: (session) => {
      forgetBootAnswers();
      writeCachedSession(session);
      queryClient.setQueryData(SESSION_KEY, session);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/auth/logout', { method: 'POST' }),
    onSettled: () => {
      forgetBootAnswers();
      writeCachedSession(null);
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, null);
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      currentPassword?: string;
      newPassword: string;
      confirmPassword: string;
    }) => api<{ ok: true } & Notice>('/auth/change-password', { json: input }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      // The other sessions ended: the lists of sessions (profile, Security card) show it.
      queryClient.invalidateQueries({ queryKey: ['sessions'] });
    },
  });
}
