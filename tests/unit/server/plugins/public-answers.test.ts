// The theme and the center settings every page's HTML carries are read once and kept, until the
// events that change them (src/server/plugins/web-boot.ts publicAnswersCache).
import { expect, test } from 'vitest';
import { publicAnswersCache } from '#server/plugins/web-boot.ts';

function counter(status = 200) {
  const reads: string[] = [];
  let version = 0;
  const read = async (apiPath: string) => {
    reads.push(apiPath);
    return { status, body: { apiPath, version } };
  };
  return { reads, read, bump: () => version++ };
}

test('read once for every page, in the order asked', async () => {
  const cache = publicAnswersCache();
  const source = counter();
  const pages = await Promise.all([1, 2, 3].map(() => cache.get(source.read)));
  await cache.get(source.read);
  expect(source.reads).toEqual(['/themes/active', '/center-settings']);
  for (const page of pages) {
    expect(page.map(([apiPath]) => apiPath)).toEqual(['/themes/active', '/center-settings']);
  }
});

test('a change forgets them, and a read begun before the change is not kept', async () => {
  const cache = publicAnswersCache();
  const source = counter();
  await cache.get(source.read);
  source.bump();
  cache.forget();
  const after = await cache.get(source.read);
  expect(after[0]![1].body).toEqual({ apiPath: '/themes/active', version: 1 });

  // A read in flight when the change lands: answered, not kept.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const slow = async (apiPath: string) => {
    await gate;
    return { status: 200, body: { apiPath } };
  };
  const cache2 = publicAnswersCache();
  const inFlight = cache2.get(slow);
  cache2.forget();
  release();
  await inFlight;
  const again = counter();
  await cache2.get(again.read);
  expect(again.reads).toHaveLength(2);
});

test('a failed read is not kept, and nothing is kept past its age', async () => {
  const failing = publicAnswersCache();
  const broken = counter(503);
  await failing.get(broken.read);
  await failing.get(broken.read);
  expect(broken.reads).toHaveLength(4);

  const aged = publicAnswersCache(0);
  const source = counter();
  await aged.get(source.read);
  await aged.get(source.read);
  expect(source.reads).toHaveLength(4);
});
