// Center name and logo, the Settings cards' choices, and everyone's sessions (the admin's).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CenterOptionsInput, CenterSettingsDto } from '#common/center.ts';
import type { Notice } from '#common/notice.ts';
import type { AllSessionsDto } from '#common/sessions.ts';
import { api } from '#web/lib/api-client.ts';
import type { RealtimeRefresh } from '#web/lib/realtime.ts';

export const CENTER_SETTINGS_KEY = ['center-settings'] as const;

export function useCenterSettings() {
  return useQuery({
    queryKey: CENTER_SETTINGS_KEY,
    queryFn: () => api<CenterSettingsDto>('/center-settings'),
    staleTime: 60_000,
  });
}

type Updated = { settings: CenterSettingsDto } & Notice;

export function useUpdateCenterName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (center_name: string) =>
      api<Updated>('/center-settings', { method: 'PATCH', json: { center_name } }),
    onSuccess: (result) => queryClient.setQueryData(CENTER_SETTINGS_KEY, result.settings),
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<Updated>('/center-settings/logo', { form });
    },
    onSuccess: (result) => queryClient.setQueryData(CENTER_SETTINGS_KEY, result.settings),
  });
}

export function useSaveCenterOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: CenterOptionsInput) =>
      api<Updated>('/center-settings/options', { method: 'PATCH', json: options }),
    onSuccess: (result) => queryClient.setQueryData(CENTER_SETTINGS_KEY, result.settings),
  });
}

/** Whether this user sees export buttons: anyone the server lets export, staff only when allowed. */
export function useMayExport(role: string | undefined): boolean {
  const center = useCenterSettings();
  return role !== 'staff' || center.data?.staff_may_export !== false;
}

export const ALL_SESSIONS_KEY = ['sessions', 'all'] as const;

export function useAllSessions(enabled: boolean) {
  return useQuery({
    queryKey: ALL_SESSIONS_KEY,
    queryFn: () => api<AllSessionsDto>('/sessions'),
    enabled,
  });
}

/** Live: a new center name or logo shows in every open tab at once. */
export const settingsRealtime: RealtimeRefresh = {
  'center-settings.updated': (queryClient, settings) =>
    queryClient.setQueryData(CENTER_SETTINGS_KEY, settings),
};
