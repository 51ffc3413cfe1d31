import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '#common/notice.ts';
import type {
  ConnectionCheckDto,
  ProviderUserDto,
  ZoomAccountListDto,
  ZoomSettingsDto,
  ZoomSettingsInput,
  ZoomSettingsSavedDto,
} from '#common/providers/zoom/contracts.ts';
import { searchParams } from '#web/components/list-search.tsx';
import { api } from '#web/lib/api-client.ts';
import type { RealtimeRefresh } from '#web/lib/realtime.ts';

export const ZOOM_ACCOUNTS_KEY = ['zoom-accounts'] as const;

/** One page of the pool, searched by email and sorted (list-search.tsx). */
export function useZoomAccounts(search: { page: number; q: string; sort: string }) {
  const params = searchParams(search);
  return useQuery({
    queryKey: [...ZOOM_ACCOUNTS_KEY, params.toString()],
    queryFn: () => api<ZoomAccountListDto>(`/zoom-accounts?${params}`),
    placeholderData: keepPreviousData,
  });
}

export const ZOOM_ACCOUNT_SORTS = [
  { value: '-created_at', label: 'search.sort.newest' },
  { value: 'created_at', label: 'search.sort.oldest' },
  { value: 'name', label: 'search.sort.emailAsc' },
  { value: '-name', label: 'search.sort.emailDesc' },
] as const;
export type ZoomAccountSortValue = (typeof ZOOM_ACCOUNT_SORTS)[number]['value'];

export const useSyncZoom = () =>
  useMutation({
    mutationFn: () =>
      api<{ users: ProviderUserDto[] } & Partial<Notice>>('/zoom-accounts/sync', {
        method: 'POST',
      }),
  });

function useInvalidating<T, R>(request: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ZOOM_ACCOUNTS_KEY }),
  });
}

export const useAddZoomUsers = () =>
  useInvalidating((users: { id: string; email: string }[]) =>
    api<{ added: number } & Notice>('/zoom-accounts', { json: { users } }),
  );
export const useDeleteZoomAccount = () =>
  useInvalidating((accountId: string) =>
    api<Notice>(`/zoom-accounts/${accountId}`, { method: 'DELETE' }),
  );
/** Frees an account left busy with no lesson on it (admin). */
export const useReleaseZoomAccount = () =>
  useInvalidating((accountId: string) =>
    api<Notice>(`/zoom-accounts/${accountId}/release`, { method: 'POST' }),
  );

/** Tries each part of the Zoom set-up (admin); nothing changes. */
export const useZoomConnectionCheck = () =>
  useMutation({
    mutationFn: () => api<ConnectionCheckDto>('/zoom/connection-check', { method: 'POST' }),
  });

/** Live: an account going online or offline as lessons start and end. */
export const zoomRealtime: RealtimeRefresh = {
  'host-accounts.changed': (queryClient) =>
    void queryClient.invalidateQueries({ queryKey: ZOOM_ACCOUNTS_KEY }),
};

export const ZOOM_SETTINGS_KEY = ['zoom-settings'] as const;

/** Which credentials are set, and by whom; never a secret (admin). */
export const useZoomSettings = (enabled = true) =>
  useQuery({
    queryKey: ZOOM_SETTINGS_KEY,
    queryFn: () => api<ZoomSettingsDto>('/zoom/settings'),
    enabled,
  });

/** Saves the fields given (null clears one); the reply carries the connection check's verdict. */
export function useSaveZoomSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ZoomSettingsInput) =>
      api<ZoomSettingsSavedDto>('/zoom/settings', { method: 'PATCH', json: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ZOOM_SETTINGS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ZOOM_ACCOUNTS_KEY });
    },
  });
}
