// Colour themes: the active one (public) and the admin's theme manager.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ThemeDto, ThemeInput } from '#common/themes.ts';
import { api } from '#web/lib/api-client.ts';
import type { RealtimeRefresh } from '#web/lib/realtime.ts';

export const ACTIVE_THEME_KEY = ['active-theme'] as const;
export const THEMES_KEY = ['themes'] as const;

export function useActiveTheme() {
  return useQuery({
    queryKey: ACTIVE_THEME_KEY,
    queryFn: () => api<ThemeDto>('/themes/active'),
    staleTime: 60_000,
  });
}

export function useThemes() {
  return useQuery({
    queryKey: THEMES_KEY,
    queryFn: () => api<{ items: ThemeDto[] }>('/themes').then((r) => r.items),
  });
}

function useThemeMutation<TInput>(request: (input: TInput) => Promise<ThemeDto | { ok: true }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: THEMES_KEY });
      void queryClient.invalidateQueries({ queryKey: ACTIVE_THEME_KEY });
    },
  });
}

export const useCreateTheme = () =>
  useThemeMutation((input: ThemeInput) => api<ThemeDto>('/themes', { json: input }));
export const useUpdateTheme = () =>
  useThemeMutation(({ themeId, input }: { themeId: string; input: ThemeInput }) =>
    api<ThemeDto>(`/themes/${themeId}`, { method: 'PUT', json: input }),
  );
export const useDeleteTheme = () =>
  useThemeMutation((themeId: string) =>
    api<{ ok: true }>(`/themes/${themeId}`, { method: 'DELETE' }),
  );
export const useApplyTheme = () =>
  useThemeMutation((themeId: string) =>
    api<ThemeDto>(`/themes/${themeId}/apply`, { method: 'POST' }),
  );

/** Live: an applied or edited theme repaints every open tab. */
export const themesRealtime: RealtimeRefresh = {
  'theme.updated': (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: ACTIVE_THEME_KEY });
    void queryClient.invalidateQueries({ queryKey: THEMES_KEY });
  },
};
