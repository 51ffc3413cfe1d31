import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { concurrencyLimit } from '#server/lib/concurrency-limit.ts';

test('runs at most max tasks at once, all of them, in arrival order, failures included', async () => {
  const limit = concurrencyLimit(2);
  let running = 0;
  let peak = 0;
  const started: number[] = [];
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, (_, index) =>
      limit(async () => {
        started.push(index);
        running++;
        peak = Math.max(peak, running);
        await sleep(5);
        running--;
        if (index === 3) throw new Error('boom');
        return index;
      }),
    ),
  );
  expect(peak).toBe(2);
  expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(9);
  expect(results[3]?.status).toBe('rejected');
  // The slots were all given back: a new task starts at once.
  expect(await limit(async () => 'free')).toBe('free');
});
