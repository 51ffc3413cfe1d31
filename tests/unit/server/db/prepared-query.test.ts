import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { preparedQuery } from '#server/db/prepared-query.ts';

test('builds once per handle, binds each call its own values, keeps constants', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-prepared-'));
  const handle = openDatabase({ dataDir });
  try {
    await migrateToLatest(handle);
    const { db } = handle;
    await db
      .insertInto('app_settings')
      .values([
        { setting_key: 'a', setting_value: 'one' },
        { setting_key: 'b', setting_value: 'two' },
      ])
      .execute();
    let builds = 0;
    const byKey = preparedQuery(1, (kysely: typeof db, key: string) => {
      builds++;
      return kysely
        .selectFrom('app_settings')
        .select('setting_value')
        .where('setting_key', '=', key)
        .where('setting_value', '!=', 'never');
    });
    expect((await byKey(db, 'a')).rows).toEqual([{ setting_value: 'one' }]);
    expect((await byKey(db, 'b')).rows).toEqual([{ setting_value: 'two' }]);
    expect((await byKey(db, 'missing')).rows).toEqual([]);
    expect(builds).toBe(1);
    // An argument the query does not bind is a mistake, said at once.
    const unbound = preparedQuery(1, (kysely: typeof db, _key: string) =>
      kysely.selectFrom('app_settings').select('setting_value'),
    );
    await expect(unbound(db, 'a')).rejects.toThrow('must bind every argument');
  } finally {
    await handle.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
