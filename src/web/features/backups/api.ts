// Settings → System's server state (docs/decisions/042-backups.md): the backups, polled every
// second while one runs (its progress), the schedule, and 'Back up now'.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupDto, BackupOverviewDto, BackupSettingsInput } from '#common/backups.ts';
import type { Notice } from '#common/notice.ts';
import { api } from '#web/lib/api-client.ts';

export const backupKeys = { overview: ['backups'] as const };

export const useBackups = (enabled: boolean) =>
  useQuery({
    queryKey: backupKeys.overview,
    queryFn: () => api<BackupOverviewDto>('/backups'),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.state === 'running') ? 1000 : false,
  });

export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<BackupDto & Notice>('/backups', { method: 'POST' }),
    // The running backup shows at once; the list then polls every second until it ends.
    onSuccess: ({ code: _code, params: _params, ...started }) =>
      queryClient.setQueryData<BackupOverviewDto>(backupKeys.overview, (old) =>
        old ? { ...old, items: [started, ...old.items] } : old,
      ),
  });
}

export function useSaveBackupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BackupSettingsInput) =>
      api<BackupOverviewDto & Notice>('/backups/settings', { method: 'PUT', json: input }),
    onSuccess: (reply) => queryClient.setQueryData(backupKeys.overview, reply),
  });
}

export const downloadUrl = (backupId: string) => `/api/backups/${backupId}/download`;
