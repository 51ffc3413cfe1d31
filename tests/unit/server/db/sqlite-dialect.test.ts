import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DatabaseHandle, openSqlite } from '#server/db/connection.ts';

let dir: string;
let handle: DatabaseHandle;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-sqlite-dialect-'));
  handle = openSqlite(dir);
  await sql`create table t (name text primary key)`.execute(handle.db);
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const names = async () =>
  (await sql<{ name: string }>`select name from t order by name`.execute(handle.db)).rows.map(
    (r) => r.name,
  );

test('a statement outside an open transaction waits for it, and never joins it', async () => {
  const order: string[] = [];
  const transaction = handle.db
    .transaction()
    .execute(async (trx) => {
      await sql`insert into t (name) values ('inside')`.execute(trx);
      order.push('inside written');
      await sleep(50);
      throw new Error('roll it back');
    })
    .catch(() => order.push('rolled back'));
  await sleep(5);
  // Issued while the transaction is open: runs after it, so the rollback cannot take it along.
  const outside = sql`insert into t (name) values ('outside')`
    .execute(handle.db)
    .then(() => order.push('outside written'));
  const seen = names();
  await Promise.all([transaction, outside]);
  expect(order).toEqual(['inside written', 'rolled back', 'outside written']);
  expect(await seen).toEqual(['outside']);
  expect(await names()).toEqual(['outside']);
});

test('transactions take turns; statements outside any transaction run at once', async () => {
  const log: string[] = [];
  const run = (name: string) =>
    handle.db.transaction().execute(async (trx) => {
      log.push(`${name} begins`);
      await sql`insert into t (name) values (${name})`.execute(trx);
      await sleep(10);
      log.push(`${name} ends`);
    });
  await Promise.all([run('a'), run('b'), run('c')]);
  expect(log).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends']);
  expect(await names()).toEqual(['a', 'b', 'c', 'outside']);
});
