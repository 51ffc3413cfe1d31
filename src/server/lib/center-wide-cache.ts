// Read-mostly answers (the center-wide view that every admin and staff member shares, each user's
// dashboard): kept until any process announces a change that could alter them (the event hub
// reaches every process, through NOTIFY on PostgreSQL), and for a short time at most, so a missed
// event (a hub reconnecting) cannot keep a stale answer for long. At most maxEntries answers are
// kept; past that the cache starts again empty.
import type { SessionUser } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';

export const isCenterWideViewer = (viewer: SessionUser) =>
  viewer.role === 'admin' || viewer.role === 'staff';

export function createCenterWideCache<T>(
  ctx: AppContext,
  options: { invalidatedBy: string[]; maxAgeMs: number; maxEntries?: number },
) {
  const entries = new Map<string, { value: Promise<T>; at: number }>();
  const events = new Set(options.invalidatedBy);
  ctx.events.subscribe((event) => {
    if (events.has(event.type)) entries.clear();
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
