// node bench/invoice-run.ts — the month's invoice run for the whole center at 10× a center's data
// (bench/tuition-data.ts: 5,000 students in 1,000 classes of 25 with per-month, per-lesson and
// per-course plans and 50 lessons each: 25,000 invoices) on the embedded database: the real server,
// one POST /api/invoice-runs for last month, timed from the request to the reply (target: under
// 10 s); the preview of the same run is timed before it.
//   node bench/invoice-run.ts [--db sqlite|postgres] [--cpu-prof <dir>]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { freePort } from '../tests/helpers/server-process.ts';
import { cpuMicros, scratchDatabase, signInCookie, spawnNode, stop, waitForHttp } from './lib.ts';
import { PASSWORD } from './school-data.ts';
import { monthOf, seedTuition } from './tuition-data.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    'cpu-prof': { type: 'string' },
  },
});
const dialect = args.db === 'postgres' ? 'postgres' : 'sqlite';
const PROFILE_DIR = args['cpu-prof'] ? path.resolve(args['cpu-prof']) : undefined;

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-invoices-'));
const scratch = await scratchDatabase(dialect, 'edu_bench_invoices');
const handle = openDatabase({ dataDir, databaseUrl: scratch.databaseUrl });
await migrateToLatest(handle);
const seedStart = performance.now();
await seedTuition(handle);
await handle.close();
console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${dialect})`);

const port = await freePort();
const server = spawnNode(
  [...(PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : []), 'src/server/main.ts'],
  {
    DATA_DIR: dataDir,
    ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
  },
);
const base = `http://127.0.0.1:${port}`;
try {
  await waitForHttp(`${base}/api/health`, 60_000);
  const cookie = await signInCookie(base, 'admin0@bench.local', PASSWORD);
  const body = JSON.stringify({
    period: monthOf(-1),
    due_date: `${monthOf(0)}-10`,
  });
  const post = async (url: string, key?: string) => {
    const cpuBefore = await cpuMicros(server.pid);
    const started = performance.now();
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body,
    });
    const reply = (await response.json()) as {
      invoices: unknown[];
      skipped: unknown[] | number;
      invoice_ids: unknown[];
    };
    const ms = performance.now() - started;
    const cpu = ((await cpuMicros(server.pid)) ?? 0) - (cpuBefore ?? 0);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(reply)}`);
    return { ms, reply, cpu: `${(cpu / 1e6).toFixed(2)} s of the server's CPU` };
  };
  const preview = await post('/api/invoice-runs/preview');
  console.log(
    `preview of ${monthOf(-1)}: ${preview.reply.invoices.length} invoices, ${(preview.reply.skipped as unknown[]).length} skipped, ${(preview.ms / 1000).toFixed(2)} s (${preview.cpu})`,
  );
  const run = await post('/api/invoice-runs', 'bench-run');
  console.log(
    `run of ${monthOf(-1)}: ${run.reply.invoice_ids.length} invoices issued, ${run.reply.skipped} skipped, ${(run.ms / 1000).toFixed(2)} s (${run.cpu}; target < 10 s)`,
  );
  const retry = await post('/api/invoice-runs', 'bench-run');
  console.log(
    `the same run retried (its Idempotency-Key): ${(retry.ms / 1000).toFixed(2)} s (${retry.cpu})`,
  );
} finally {
  await stop(server);
  await fs.rm(dataDir, { recursive: true, force: true });
  await scratch.drop();
}
