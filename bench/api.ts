// npm run bench:api — what one request costs, against a bare Fastify route measured just before it.
// 1× the data of bench:school (200 teachers, 5,000 students, 1,000 classes, 50,000 lessons) on the
// embedded database. The server runs pinned to one core and this load generator to another
// (taskset), so they do not take turns on the same core. Parts:
//   1. closed loop, 100 connections: every request with a target in docs/performance.md;
//   2. open loop at fixed, evenly spaced rates (500, 1,000, 2,000 req/s; bench/paced-load.ts) on
//      the student dashboard: p50/p99/p99.9 counted from when each request was due;
//   3. sign-in (argon2id) at 100 connections;
// with the server's memory after each part (RSS from /proc, V8's heap from the server itself:
// bench/memory.ts);
//   4. several processes on PostgreSQL (bench/processes.ts): the closed loop against one process,
//      the round-robin proxy in front of it, and two processes behind the proxy, with realtime
//      events and jobs checked while two processes take the load.
//   node bench/api.ts [--duration 10] [--only <text>] [--cpu-prof <dir>]
// --only keeps the parts whose name contains the text;
// --cpu-prof writes the server's V8 CPU profile into the folder when the server stops.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { freePort } from '../tests/helpers/server-process.ts';
import { closedLoopRequests } from './api-requests.ts';
import {
  cpuMicros,
  type LoadResult,
  runLoad,
  signInCookie,
  spawnNode,
  stop,
  waitForHttp,
} from './lib.ts';
import {
  type MemoryFigures,
  memoryFigures,
  memoryTable,
  PRODUCTION_ENV,
  PRODUCTION_NODE_FLAGS,
} from './memory.ts';
import { runPacedLoad } from './paced-load.ts';
import { PROCESSES_PART, runProcessesPart } from './processes.ts';
import { PASSWORD, seed } from './school-data.ts';

const { values: args } = parseArgs({
  strict: false,
  options: {
    duration: { type: 'string', default: '10' },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const ONLY = typeof args.only === 'string' ? args.only : undefined;
const PROFILE_DIR =
  typeof args['cpu-prof'] === 'string' ? path.resolve(args['cpu-prof']) : undefined;
const DURATION = Number(args.duration);
const STARTED = performance.now();
const CONNECTIONS = 100;
const SERVER_CPU = 0;
const CORES = os.availableParallelism();
const LOAD_CPU = CORES > 1 ? 1 : 0;

// This process generates the load: keep it off the server's core.
const pinned = spawnSync('taskset', ['-cp', String(LOAD_CPU), String(process.pid)]);
const pinning =
  pinned.status === 0
    ? `server on CPU ${SERVER_CPU}, load on CPU ${LOAD_CPU}`
    : 'not pinned (no taskset)';

// The parts on the embedded database, by name (--only picks among these and PROCESSES_PART).
const CLOSED_NAMES = closedLoopRequests(
  { teacherEmail: '', studentEmail: '', studentClassId: '' },
  { teacher: '', student: '', admin: '' },
).map(([name]) => name);
const RATES = [500, 1_000, 2_000];
const openName = (rate: number) => `student GET /api/dashboard at ${rate} req/s`;
const SIGN_IN = 'POST /api/auth/login (argon2id)';
const chosen = (name: string) => !ONLY || name.includes(ONLY);
const sqliteChosen = [...CLOSED_NAMES, ...RATES.map(openName), SIGN_IN].some(chosen);

/** How long after answering the server's start-up lasts (its one collection runs at 5 s). */
const STARTUP_SETTLES_MS = 7_000;

/** Targets of issue 31 point 5, MiB. */
const RSS_TARGET = { idle: 150, afterRun: 250 };

async function runSqliteParts() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-api-'));
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle);
  const seeded = await seed(handle, 1);
  await handle.close();

  const memoryFile = path.join(dataDir, 'memory-report.json');
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The benchmark signs in thousands of times from one address on purpose.
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
    // SIGUSR2 writes the server's memory figures there (src/server/lib/memory-report.ts).
    MEMORY_REPORT_FILE: memoryFile,
    ...PRODUCTION_ENV,
  };
  const cpu = pinned.status === 0 ? { cpu: SERVER_CPU } : {};
  const baselinePort = await freePort();
  const baseline = spawnNode(['bench/baseline-server.ts', String(baselinePort)], {}, cpu);
  const port = await freePort();
  const server = spawnNode(
    [
      // As production runs it; BENCH_SERVER_FLAGS (may be empty) replaces the flags to compare.
      ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? PRODUCTION_NODE_FLAGS),
      ...(PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : []),
      'src/server/main.ts',
    ],
    { ...env, PORT: String(port), HOST: '127.0.0.1' },
    cpu,
  );
  const base = `http://127.0.0.1:${port}`;
  const memory: MemoryFigures[] = [];
  const recordMemory = async (part: string) =>
    memory.push(await memoryFigures(part, server.pid, memoryFile));

  /** Server CPU per request of each measured part: steadier than req/s on a noisy machine. */
  const cpuPerRequest = new Map<string, number>();

  /**
   * Two unmeasured seconds first (JIT, caches, pages read in), then the measured run, with the CPU
   * time the answering process (the app, or the bare server) spent on it.
   */
  async function measure(name: string, options: Parameters<typeof runLoad>[1], pid = server.pid) {
    await runLoad('warm-up', { connections: CONNECTIONS, ...options, duration: 2 });
    const before = await cpuMicros(pid);
    const result = await runLoad(name, {
      connections: CONNECTIONS,
      duration: DURATION,
      ...options,
    });
    const after = await cpuMicros(pid);
    if (before !== undefined && after !== undefined && result.total > 0) {
      cpuPerRequest.set(name, (after - before) / result.total);
    }
    return result;
  }

  try {
    await waitForHttp(`${base}/api/health`, 60_000);
    await waitForHttp(`http://127.0.0.1:${baselinePort}/constant`);
    // Idle: once start-up is over, which ends with one full collection 5 s after the server
    // listens (src/server/lib/memory-report.ts collectStartUpGarbage).
    await sleep(STARTUP_SETTLES_MS);
    await recordMemory('idle, after start-up');
    const cookie = {
      teacher: await signInCookie(base, seeded.teacherEmail, PASSWORD),
      student: await signInCookie(base, seeded.studentEmail, PASSWORD),
      admin: await signInCookie(base, 'admin0@bench.local', PASSWORD),
    };

    // 1. Closed loop. The bare route is measured again just before each request, and each
    // request's ratios are to that neighbour: the machine's speed drifts over a run (the bare
    // route alone varied from 20,000 to 36,000 req/s between runs of one day).
    const measureBare = (name = 'bare Fastify route') =>
      measure(name, { url: `http://127.0.0.1:${baselinePort}/constant` }, baseline.pid);
    const bare = await measureBare();
    const neighbourBare = new Map<string, LoadResult>();
    const closed: LoadResult[] = [];
    for (const [name, urlPath, sessionCookie] of closedLoopRequests(seeded, cookie)) {
      if (!chosen(name)) continue;
      neighbourBare.set(name, await measureBare(`bare Fastify route before ${name}`));
      closed.push(
        await measure(name, {
          url: base + urlPath,
          headers: sessionCookie ? { cookie: sessionCookie } : {},
        }),
      );
    }
    await recordMemory('after the closed loop');

    // 2. Open loop at fixed rates.
    const open: LoadResult[] = [];
    for (const rate of RATES) {
      const name = openName(rate);
      if (!chosen(name)) continue;
      const paced = { url: `${base}/api/dashboard`, headers: { cookie: cookie.student }, rate };
      await runPacedLoad('warm-up', { ...paced, durationSeconds: 2 });
      open.push(await runPacedLoad(name, { ...paced, durationSeconds: DURATION }));
    }
    await recordMemory('after the open loop');

    // 3. Sign-in.
    let next = 0;
    const signIn = !chosen(SIGN_IN)
      ? undefined
      : await runLoad(SIGN_IN, {
          url: `${base}/api/auth/login`,
          method: 'POST',
          connections: CONNECTIONS,
          duration: DURATION,
          headers: { 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({
                  email: `student${next++ % 5000}@bench.local`,
                  password: PASSWORD,
                }),
              }),
            },
          ],
        });
    await recordMemory('after the sign-in run (the whole run)');
    // Idle again: what the server keeps once the load has gone.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await recordMemory('5 s after the load');

    const bareOf = (r: LoadResult) => neighbourBare.get(r.name) ?? bare;
    const ratio = (r: LoadResult) =>
      `${bareOf(r).requestsPerSecond} | ${(r.requestsPerSecond / bareOf(r).requestsPerSecond).toFixed(3)}`;
    const cpuCells = (r: LoadResult) => {
      const micros = cpuPerRequest.get(r.name);
      const bareMicros = cpuPerRequest.get(bareOf(r).name);
      if (micros === undefined || bareMicros === undefined) return '– | – | –';
      return `${Math.round(micros)} | ${Math.round(bareMicros)} | ${(bareMicros / micros).toFixed(3)}`;
    };
    const row = (r: LoadResult) =>
      `| ${r.name} | ${r.requestsPerSecond} | ${ratio(r)} | ${cpuCells(r)} | ${r.p50} | ${r.p99} | ${r.p999} | ${r.errors} | ${r.non2xx} |`;
    console.log(
      `${CORES} cores (${pinning}), Node ${process.version}, embedded SQLite, 1× bench:school data, ${CONNECTIONS} connections, ${DURATION} s each after 2 s unmeasured\n`,
    );
    console.log(
      '| request | req/s | bare req/s | ratio to bare | server CPU µs/request | bare CPU µs/request | CPU ratio to bare | p50 ms | p99 ms | p99.9 ms | errors | non-2xx |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of [bare, ...closed, ...open, ...(signIn ? [signIn] : [])]) console.log(row(r));
    console.log(`\n${memoryTable(memory)}\n`);
    const idle = memory[0]?.rss;
    const whole = memory.find((m) => m.part.includes('whole run'))?.rss;
    console.log(
      `RSS targets: idle ≤ ${RSS_TARGET.idle} MiB (${idle ?? '?'}: ${idle !== undefined && idle <= RSS_TARGET.idle ? 'met' : 'not met'}), after the whole run ≤ ${RSS_TARGET.afterRun} MiB (${whole ?? '?'}: ${whole !== undefined && whole <= RSS_TARGET.afterRun ? 'met' : 'not met'}).`,
    );
  } finally {
    await stop(server);
    await stop(baseline);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`\n## bench:api — ${new Date().toISOString()}\n`);
if (sqliteChosen) await runSqliteParts();
if (chosen(PROCESSES_PART)) {
  console.log(await runProcessesPart({ duration: DURATION, connections: CONNECTIONS }));
}
console.log(`\nbench:api took ${Math.round((performance.now() - STARTED) / 1000)} s.`);
