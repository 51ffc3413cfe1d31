// Listens to the server's event stream while signed in and refreshes what changed. EventSource
// reconnects by itself; after a reconnect everything is refetched, as events may have been missed.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CenterSettingsDto } from '../../common/dto.ts';
import { CENTER_SETTINGS_KEY } from '../features/settings/api.ts';
import { ACTIVE_THEME_KEY, THEMES_KEY } from '../features/themes/api.ts';

export function useRealtime(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let connectedBefore = false;
    source.addEventListener('ready', () => {
      if (connectedBefore) void queryClient.invalidateQueries();
      connectedBefore = true;
    });
    source.addEventListener('center-settings.updated', (event) => {
      queryClient.setQueryData(
        CENTER_SETTINGS_KEY,
        JSON.parse((event as MessageEvent).data) as CenterSettingsDto,
      );
    });
    source.addEventListener('theme.updated', () => {
      void queryClient.invalidateQueries({ queryKey: ACTIVE_THEME_KEY });
      void queryClient.invalidateQueries({ queryKey: THEMES_KEY });
    });
    for (const type of ['classes.changed', 'schedules.changed']) {
      source.addEventListener(type, () => {
        void queryClient.invalidateQueries({ queryKey: ['classes'] });
        void queryClient.invalidateQueries({ queryKey: ['schedules'] });
        void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      });
    }
    source.addEventListener('zoom-accounts.changed', () => {
      void queryClient.invalidateQueries({ queryKey: ['zoom-accounts'] });
    });
    source.addEventListener('users.changed', () => {
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
