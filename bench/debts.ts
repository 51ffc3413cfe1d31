// node bench/debts.ts — the debts page at 10× a center's data (bench/tuition-data.ts: 5,000
// students, 1,000 classes) with three months invoiced by the month's run (75,000 invoices), the
// oldest month paid, the next one half paid: GET /api/debts (every student who owes, aged, with
// totals), one class's and a name search, with autocannon against the real server on the embedded
// database, beside a bare Fastify route measured in the same run (bench/baseline-server.ts).
// Target: p50 under 50 ms for a person opening the page (1 connection).
//   node bench/debts.ts [--db sqlite|postgres] [--duration 10]
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { freePort } from '../tests/helpers/server-process.ts';
import {
  type LoadResult,
  runLoad,
  scratchDatabase,
  signInCookie,
  spawnNode,
  stop,
  table,
  waitForHttp,
} from './lib.ts';
import { PASSWORD } from './school-data.ts';
import { monthOf, seedTuition } from './tuition-data.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
  },
});
const dialect = args.db === 'postgres' ? 'postgres' : 'sqlite';
const DURATION = Number(args.duration);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-debts-'));
const scratch = await scratchDatabase(dialect, 'edu_bench_debts');
const handle = openDatabase({ dataDir, databaseUrl: scratch.databaseUrl });
await migrateToLatest(handle);
const seeded = await seedTuition(handle);
await handle.close();

const env = {
  DATA_DIR: dataDir,
  ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
  LOG_LEVEL: 'warn',
  LOGIN_MAX_FAILURES_PER_IP: '1000000',
};
const baselinePort = await freePort();
const baseline = spawnNode(['bench/baseline-server.ts', String(baselinePort)]);
const port = await freePort();
const server = spawnNode(['src/server/main.ts'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
const base = `http://127.0.0.1:${port}`;
try {
  await waitForHttp(`${base}/api/health`, 60_000);
  await waitForHttp(`http://127.0.0.1:${baselinePort}/constant`);
  const cookie = await signInCookie(base, 'admin0@bench.local', PASSWORD);
  // Three months' runs, through the API as staff would.
  const ids: string[][] = [];
  for (const offset of [-3, -2, -1]) {
    const response = await fetch(`${base}/api/invoice-runs`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ period: monthOf(offset), due_date: `${monthOf(offset + 1)}-10` }),
    });
    const reply = (await response.json()) as { invoice_ids: string[] };
    if (!response.ok) throw new Error(`run ${offset}: ${response.status}`);
    ids.push(reply.invoice_ids);
  }
  // Money on them: the oldest month paid, the next half paid (allocations and the invoices' `paid`
  // straight in: what the page reads; the payments' own path is benched with the ledger).
  const money = openDatabase({ dataDir, databaseUrl: scratch.databaseUrl });
  const totals = await money.db
    .selectFrom('invoices as i')
    .innerJoin('invoice_lines as l', 'l.invoice_id', 'i.invoice_id')
    .select(['i.invoice_id', 'i.student_id', (eb) => eb.fn.sum<number>('l.amount').as('total')])
    .where('i.invoice_id', 'in', [...ids[0]!, ...ids[1]!.filter((_, i) => i % 2 === 0)])
    .groupBy(['i.invoice_id', 'i.student_id'])
    .execute();
  const at = new Date().toISOString();
  for (let i = 0; i < totals.length; i += 1000) {
    await money.db
      .insertInto('invoice_allocations')
      .values(
        totals.slice(i, i + 1000).map((row) => ({
          invoice_id: row.invoice_id,
          student_id: row.student_id,
          amount: Number(row.total),
          created_at: at,
        })),
      )
      .execute();
    // Each invoice's kept `paid` (migration 028), as allocation.ts writes it beside its rows.
    await money.db
      .updateTable('invoices')
      .set((eb) => ({ paid: eb.ref('total') }))
      .where(
        'invoice_id',
        'in',
        totals.slice(i, i + 1000).map((row) => row.invoice_id),
      )
      .execute();
  }
  await money.close();
  const classId = seeded.studentClassId;
  const first = await fetch(`${base}/api/debts`, { headers: { cookie } });
  const list = (await first.json()) as { items: unknown[]; totals: { outstanding: number } };
  const bytes = JSON.stringify(list).length;
  console.log(
    `${ids.flat().length} invoices, ${totals.length} paid; the debts list: ${list.items.length} students, ${(bytes / 1024).toFixed(0)} KiB of JSON`,
  );

  const results: LoadResult[] = [];
  const measure = async (name: string, url: string, withCookie: boolean, connections: number) => {
    const options = {
      url,
      connections,
      ...(withCookie ? { headers: { cookie } } : {}),
    };
    await runLoad('warm-up', { ...options, duration: 2 });
    results.push(await runLoad(name, { ...options, duration: DURATION }));
  };
  for (const connections of [1, 10]) {
    const bare = `http://127.0.0.1:${baselinePort}/constant`;
    await measure(`bare Fastify route, ${connections} conn.`, bare, false, connections);
    await measure(
      `GET /api/debts (all), ${connections} conn.`,
      `${base}/api/debts`,
      true,
      connections,
    );
    await measure(
      `GET /api/debts?class_id= (one class), ${connections} conn.`,
      `${base}/api/debts?class_id=${classId}`,
      true,
      connections,
    );
    await measure(
      `GET /api/debts?q=student 12, ${connections} conn.`,
      `${base}/api/debts?q=student%2012`,
      true,
      connections,
    );
  }
  console.log(`debts on ${dialect}, ${DURATION} s each`);
  console.log(table(results.slice(1), results[0]!));
} finally {
  await stop(server);
  await stop(baseline);
  await fs.rm(dataDir, { recursive: true, force: true });
  await scratch.drop();
}
