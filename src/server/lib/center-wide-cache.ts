// Read-mostly answers (the center-wide view that every admin and staff member shares, each user's
// dashboard): kept until any process announces a change that could alter them (the event hub
// reaches every process, through NOTIFY on PostgreSQL), and for a short time at most, so a missed
// event (a hub reconnecting) cannot keep a stale answer for long. At most maxEntries answers are
// kept; past that the cache starts again empty.

import type { AppContext } from '#server/context.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import type { RealtimeEvent } from '#server/realtime/hub.ts';

export const isCenterWideViewer = (viewer: SessionUser) =>
  viewer.role === 'admin' || viewer.role === 'staff';

export function createCenterWideCache<T>(
  ctx: AppContext,
  options: {
    /** Event types that drop every answer, or a test for the events that do. */
    invalidatedBy: RealtimeEvent['type'][] | ((event: RealtimeEvent) => boolean);
    maxAgeMs: number;
    maxEntries?: number;
  },
) {
  const entries = new Map<string, { value: Promise<T>; at: number }>();
  const { invalidatedBy } = options;
  const invalidates =
    typeof invalidatedBy === 'function'
      ? invalidatedBy
      : (event: RealtimeEvent) => invalidatedBy.includes(event.type);
  ctx.events.subscribe((event) => {
    if (invalidates(event)) entries.clear();
  });
  return {
    /** The cached answer for key, loading it when missing or too old. */
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const entry = entries.get(key);
      if (entry && now - entry.at <= options.maxAgeMs) return entry.value;
      const value = load();
      if (entries.size >= (options.maxEntries ?? 100)) entries.clear();
      entries.set(key, { value, at: now });
      value.catch(() => entries.delete(key));
      return value;
    },
  };
}
