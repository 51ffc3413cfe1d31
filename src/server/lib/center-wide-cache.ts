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
  const entries = new Map<string, Entry<T>>();
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
      const loading: Entry<T> = { value, at: now, loaded: false, answer: undefined };
      entries.set(key, loading);
      value.then(
        (answer) => {
          loading.answer = answer;
          loading.loaded = true;
        },
        () => entries.delete(key),
      );
      return value;
    },
    /**
     * The answer for key if it is loaded and fresh, as get would give it, without a promise: a
     * kept answer is sent in the same turn (bench:api, teacher GET /api/schedules). Undefined when
     * get would load it, or when it is still loading.
     */
    loaded(key: string): T | undefined {
      const entry = entries.get(key);
      if (entry?.loaded && Date.now() - entry.at <= options.maxAgeMs) return entry.answer;
      return undefined;
    },
  };
}

interface Entry<T> {
  value: Promise<T>;
  at: number;
  /** Whether value has resolved, to answer: set in the turn after load's promise resolves. */
  loaded: boolean;
  answer: T | undefined;
}
