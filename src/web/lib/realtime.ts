// Listens to the server's event stream while signed in and refreshes what changed. Which queries
// an event refreshes is each feature's own declaration (its `realtime` export); the app hands
// them in, so this file knows the event contract (src/common/events.ts) and no feature.
// EventSource reconnects by itself; after a reconnect everything is refetched, as events may
// have been missed.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AppEvent, BrowserEventType } from '#common/events.ts';

type DataOf<T extends BrowserEventType> = Extract<AppEvent, { type: T }>['data'];

/** What a feature does when an event arrives. */
export type RealtimeRefresh = {
  [T in BrowserEventType]?: (queryClient: QueryClient, data: DataOf<T>) => void;
};

export function useRealtime(enabled: boolean, refreshes: readonly RealtimeRefresh[]): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let connectedBefore = false;
    source.addEventListener('ready', () => {
      if (connectedBefore) void queryClient.invalidateQueries();
      connectedBefore = true;
    });
    const types = new Set(refreshes.flatMap((r) => Object.keys(r) as BrowserEventType[]));
    for (const type of types) {
      source.addEventListener(type, (event) => {
        const raw = (event as MessageEvent).data;
        const data = raw ? (JSON.parse(raw) as unknown) : undefined;
        for (const refresh of refreshes) {
          (refresh[type] as ((q: QueryClient, d: unknown) => void) | undefined)?.(
            queryClient,
            data,
          );
        }
      });
    }
    return () => source.close();
  }, [enabled, queryClient, refreshes]);
}
