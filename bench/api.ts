// npm run bench:api — what one request costs, against a bare Fastify route measured just before it.
// 1× the data of bench:school (200 teachers, 5,000 students, 1,000 classes, 50,000 lessons) on the
// embedded database. The server runs pinned to one core and this load generator to another
// (taskset), so they do not take turns on the same core. Parts:
//   1. closed loop, 100 connections: every request with a target in docs/performance.md;
//   2. open loop at fixed, evenly spaced rates (500, 1,000, 2,000 req/s; bench/paced-load.ts) on
//      the student dashboard: p50/p99/p99.9 counted from when each request was due;
//   3. sign-in (argon2id) at 100 connections;
// with the server's RSS after each part.
//   node bench/api.ts [--duration 10] [--only <text>] [--cpu-prof <dir>]
// --only keeps the parts whose name contains the text;
// --cpu-prof writes the server's V8 CPU profile into the folder when the server stops.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { freePort } from '../tests/helpers/server-process.ts';
import {
  cpuMicros,
  type LoadResult,
  rssMiB,
  runLoad,
  signInCookie,
  spawnNode,
  stop,
  waitForHttp,
} from './lib.ts';
import { runPacedLoad } from './paced-load.ts';
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

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-api-'));
const handle = openDatabase({ dataDir });
await migrateToLatest(handle);
const seeded = await seed(handle, 1);
await handle.close();

const env = {
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // The benchmark signs in thousands of times from one address on purpose.
  LOGIN_MAX_FAILURES_PER_IP: '1000000',
};
const cpu = pinned.status === 0 ? { cpu: SERVER_CPU } : {};
const baselinePort = await freePort();
const baseline = spawnNode(['bench/baseline-server.ts', String(baselinePort)], {}, cpu);
const port = await freePort();
const server = spawnNode(
  [...(PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : []), 'src/server/main.ts'],
  { ...env, PORT: String(port), HOST: '127.0.0.1' },
  cpu,
);
const base = `http://127.0.0.1:${port}`;
const memory: { part: string; rss: number | undefined }[] = [];

/** Server CPU per request of each measured part: steadier than req/s on a noisy machine. */
const cpuPerRequest = new Map<string, number>();

/**
 * Two unmeasured seconds first (JIT, caches, pages read in), then the measured run, with the CPU
 * time the answering process (the app, or the bare server) spent on it.
 */
async function measure(name: string, options: Parameters<typeof runLoad>[1], pid = server.pid) {
  await runLoad('warm-up', { connections: CONNECTIONS, ...options, duration: 2 });
  const before = await cpuMicros(pid);
  const result = await runLoad(name, { connections: CONNECTIONS, duration: DURATION, ...options });
  const after = await cpuMicros(pid);
  if (before !== undefined && after !== undefined && result.total > 0) {
    cpuPerRequest.set(name, (after - before) / result.total);
  }
  return result;
}

try {
  await waitForHttp(`${base}/api/health`, 60_000);
  await waitForHttp(`http://127.0.0.1:${baselinePort}/constant`);
  memory.push({ part: 'idle, after start-up', rss: await rssMiB(server.pid) });
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
  const requests: [string, string, string | undefined][] = [
    ['GET /api/health', '/api/health', undefined],
    ['GET / (the web app HTML)', '/', undefined],
    ['student GET /api/auth/session', '/api/auth/session', cookie.student],
    ['teacher GET /api/dashboard', '/api/dashboard', cookie.teacher],
    ['student GET /api/dashboard', '/api/dashboard', cookie.student],
    ['admin GET /api/dashboard', '/api/dashboard', cookie.admin],
    ['admin GET /api/classes', '/api/classes', cookie.admin],
    [
      "student GET /api/classes/:id/schedules (a class's 50 lessons)",
      `/api/classes/${seeded.studentClassId}/schedules`,
      cookie.student,
    ],
    ['teacher GET /api/schedules', '/api/schedules', cookie.teacher],
  ];
  const closed: LoadResult[] = [];
  for (const [name, urlPath, sessionCookie] of requests) {
    if (ONLY && !name.includes(ONLY)) continue;
    neighbourBare.set(name, await measureBare(`bare Fastify route before ${name}`));
    closed.push(
      await measure(name, {
        url: base + urlPath,
        headers: sessionCookie ? { cookie: sessionCookie } : {},
      }),
    );
  }
  memory.push({ part: 'after the closed loop', rss: await rssMiB(server.pid) });

  // 2. Open loop at fixed rates.
  const open: LoadResult[] = [];
  for (const rate of [500, 1_000, 2_000]) {
    const name = `student GET /api/dashboard at ${rate} req/s`;
    if (ONLY && !name.includes(ONLY)) continue;
    const paced = { url: `${base}/api/dashboard`, headers: { cookie: cookie.student }, rate };
    await runPacedLoad('warm-up', { ...paced, durationSeconds: 2 });
    open.push(await runPacedLoad(name, { ...paced, durationSeconds: DURATION }));
  }
  memory.push({ part: 'after the open loop', rss: await rssMiB(server.pid) });

  // 3. Sign-in.
  let next = 0;
  const SIGN_IN = 'POST /api/auth/login (argon2id)';
  const signIn =
    ONLY && !SIGN_IN.includes(ONLY)
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
  memory.push({ part: 'after the sign-in run', rss: await rssMiB(server.pid) });

  const bareOf = (r: LoadResult) => neighbourBare.get(r.name) ?? bare;
  const ratio = (r: LoadResult) =>
    `${bareOf(r).requestsPerSecond} | ${(r.requestsPerSecond / bareOf(r).requestsPerSecond).toFixed(3)}`;
  const cpu = (r: LoadResult) => {
    const micros = cpuPerRequest.get(r.name);
    const bareMicros = cpuPerRequest.get(bareOf(r).name);
    if (micros === undefined || bareMicros === undefined) return '– | – | –';
    return `${Math.round(micros)} | ${Math.round(bareMicros)} | ${(bareMicros / micros).toFixed(3)}`;
  };
  const row = (r: LoadResult) =>
    `| ${r.name} | ${r.requestsPerSecond} | ${ratio(r)} | ${cpu(r)} | ${r.p50} | ${r.p99} | ${r.p999} | ${r.errors} | ${r.non2xx} |`;
  console.log(`\n## bench:api — ${new Date().toISOString()}`);
  console.log(
    `${CORES} cores (${pinning}), Node ${process.version}, embedded SQLite, 1× bench:school data, ${CONNECTIONS} connections, ${DURATION} s each after 2 s unmeasured\n`,
  );
  console.log(
    '| request | req/s | bare req/s | ratio to bare | server CPU µs/request | bare CPU µs/request | CPU ratio to bare | p50 ms | p99 ms | p99.9 ms | errors | non-2xx |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of [bare, ...closed, ...open, ...(signIn ? [signIn] : [])]) console.log(row(r));
  console.log('\n| server RSS | MiB |\n|---|---:|');
  for (const m of memory) console.log(`| ${m.part} | ${m.rss ?? '?'} |`);
} finally {
  await stop(server);
  await stop(baseline);
  await fs.rm(dataDir, { recursive: true, force: true });
}
