import { afterEach, expect, test, vi } from 'vitest';
import type { AppContext } from '#server/context.ts';
import { createCenterWideCache } from '#server/lib/center-wide-cache.ts';
import { createLocalHub } from '#server/realtime/hub.ts';

afterEach(() => {
  vi.useRealTimers();
});

function setUp(invalidatedBy: Parameters<typeof createCenterWideCache>[1]['invalidatedBy']) {
  const events = createLocalHub();
  const cache = createCenterWideCache<number>({ events } as AppContext, {
    invalidatedBy,
    maxAgeMs: 1_000,
    maxEntries: 3,
  });
  let loads = 0;
  const load = async () => ++loads;
  return { events, cache, load, loads: () => loads };
}

test('one load per key serves every caller until an announced change drops it', async () => {
  const { events, cache, load, loads } = setUp(['schedules.changed']);
  const answers = await Promise.all([cache.get('a', load), cache.get('a', load)]);
  expect(answers).toEqual([1, 1]);
  expect(await cache.get('b', load)).toBe(2);
  await events.publish({ type: 'theme.updated' });
  expect(await cache.get('a', load)).toBe(1);
  await events.publish({ type: 'schedules.changed' });
  expect(await cache.get('a', load)).toBe(3);
  expect(await cache.get('b', load)).toBe(4);
  expect(loads()).toBe(4);
});

test('a test decides which events drop the answers (a topic edit keeps the counts)', async () => {
  const { events, cache, load } = setUp(
    (event) => !(event.type === 'schedules.changed' && event.data?.change === 'topic'),
  );
  expect(await cache.get('counts', load)).toBe(1);
  await events.publish({ type: 'schedules.changed', data: { change: 'topic' } });
  expect(await cache.get('counts', load)).toBe(1);
  await events.publish({ type: 'schedules.changed', data: {} });
  expect(await cache.get('counts', load)).toBe(2);
});

test('answers expire after maxAgeMs, failed loads are not kept, and the size is bounded', async () => {
  vi.useFakeTimers({ now: 0, toFake: ['Date'] });
  const { cache, load } = setUp([]);
  expect(await cache.get('a', load)).toBe(1);
  vi.setSystemTime(1_000);
  expect(await cache.get('a', load)).toBe(1);
  vi.setSystemTime(1_001);
  expect(await cache.get('a', load)).toBe(2);

  await expect(cache.get('broken', () => Promise.reject(new Error('down')))).rejects.toThrow();
  expect(await cache.get('broken', load)).toBe(3);

  // 'a' and 'broken' are kept; two more keys fill it past 3 entries and it starts again.
  await cache.get('c', load);
  await cache.get('d', load);
  expect(await cache.get('a', load)).toBe(6);
});

test('loaded gives a kept answer without a promise, exactly when get would give it kept', async () => {
  vi.useFakeTimers({ now: 0, toFake: ['Date'] });
  const { events, cache, load } = setUp(['schedules.changed']);
  expect(cache.loaded('a')).toBeUndefined();
  const loading = cache.get('a', load);
  // Still loading: the caller waits for get's promise, as before.
  expect(cache.loaded('a')).toBeUndefined();
  expect(await loading).toBe(1);
  expect(cache.loaded('a')).toBe(1);
  vi.setSystemTime(1_001);
  expect(cache.loaded('a')).toBeUndefined();
  expect(await cache.get('a', load)).toBe(2);
  expect(cache.loaded('a')).toBe(2);
  await events.publish({ type: 'schedules.changed' });
  expect(cache.loaded('a')).toBeUndefined();
  await expect(cache.get('broken', () => Promise.reject(new Error('down')))).rejects.toThrow();
  expect(cache.loaded('broken')).toBeUndefined();
});
