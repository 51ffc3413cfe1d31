import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '#common/notice.ts';
import type {
  ConnectionCheckDto,
  ProviderUserDto,
  ZoomAccountListDto,
} from '#common/providers/zoom/contracts.ts';
import { api } from '#web/lib/api-client.ts';
import type { RealtimeRefresh } from '#web/lib/realtime.ts';

export const ZOOM_ACCOUNTS_KEY = ['zoom-accounts'] as const;

export const useZoomAccounts = (page: number) =>
  useQuery({
    queryKey: [...ZOOM_ACCOUNTS_KEY, page],
    queryFn: () => api<ZoomAccountListDto>(`/zoom-accounts?page=${page}`),
    placeholderData: keepPreviousData,
  });

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
