// npm run bench:load — signed-in students, teachers and staff at 50, 200 and 500 concurrent
// connections, on the embedded database and on PostgreSQL, with bench:school's data
// (bench/school.ts, 1×). Each user repeats ten reads (dashboard, classes, schedules) and one
// write: a student renames themself, a teacher changes a lesson topic, staff add a lesson. Each
// user's load generator is its own process (bench/load-user.ts).
// Reports requests/s, p50/p99, errors (must be 0) and the server's memory at the end, beside a
// bare Fastify route measured in the same run.
//   node bench/load.ts [--db sqlite|postgres|both] [--levels 50,200,500] [--duration 10]
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { freePort } from '../tests/helpers/server-process.ts';
import {
  combineResults,
  type LoadResult,
  rssMiB,
  runLoad,
  scratchDatabase,
  signInCookie,
  spawnNode,
  startBenchServer,
  stop,
  waitForHttp,
} from './lib.ts';
import type { LoadUser, Role } from './load-user.ts';
import { PASSWORD, seed } from './school-data.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    levels: { type: 'string', default: '50,200,500' },
    duration: { type: 'string', default: '10' },
  },
});
const DURATION = Number(args.duration);
const LEVELS = args.levels.split(',').map(Number);
const DAY = 86_400_000;

/** Users per role, and each role's share of the connections. */
const MIX: Record<Role, { users: number; share: number }> = {
  student: { users: 6, share: 0.6 },
  teacher: { users: 3, share: 0.3 },
  staff: { users: 1, share: 0.1 },
};

/**
 * Each user's load generator in its own process, started together once all have signed in and
 * loaded (a process starting late would otherwise run its ten seconds partly alone). The result
 * is the last line each prints.
 */
async function runUsers(users: LoadUser[]): Promise<LoadResult[]> {
  const children = users.map((user) => {
    const child = spawn(process.execPath, ['bench/load-user.ts', JSON.stringify(user)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    const ready = new Promise<void>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.startsWith('ready\n')) resolve();
      });
    });
    const exited = new Promise<void>((resolve, reject) =>
      child.once('exit', (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`load generator for a ${user.role} exited with ${code}`)),
      ),
    );
    return { child, ready, exited, output: () => output };
  });
  await Promise.all(children.map((c) => Promise.race([c.ready, c.exited])));
  for (const { child } of children) child.stdin.end('go\n');
  await Promise.all(children.map((c) => c.exited));
  return children.map((c) => JSON.parse(c.output().trim().split('\n').at(-1)!) as LoadResult);
}

interface Row extends LoadResult {
  rss?: number;
}

async function runDatabase(dialect: 'sqlite' | 'postgres') {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-load-'));
  const scratch = await scratchDatabase(dialect, 'edu_bench_load');
  const { databaseUrl } = scratch;
  const handle = openDatabase({ dataDir, databaseUrl });
  await migrateToLatest(handle);
  await seed(handle, 1);
  await handle.close();

  const { child: server, url } = await startBenchServer(dataDir, databaseUrl);
  const rows: Row[] = [];
  try {
    await waitForHttp(`${url}/api/health`, 60_000);
    // Staff add lessons to a class of their own with a teacher nobody else books.
    const staffCookie = await signInCookie(url, 'staff0@bench.local', PASSWORD);
    const post = <T>(p: string, body: unknown) =>
      fetch(url + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: staffCookie },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<T>);
    const teacher = await post<{ user: { user_id: string } }>('/api/users', {
      email: `load-teacher-${Date.now()}@bench.local`,
      full_name: 'Load teacher',
      role: 'teacher',
    });
    const today = new Date().toISOString().slice(0, 10);
    const klass = await post<{ class_id: string }>('/api/classes', {
      class_name: 'Load class',
      teacher_id: teacher.user.user_id,
      start_date: today,
      end_date: new Date(Date.now() + 3000 * DAY).toISOString().slice(0, 10),
      description: null,
    });

    const users: { role: Role; cookie: string }[] = [];
    for (const [role, { users: n }] of Object.entries(MIX) as [Role, { users: number }][]) {
      for (let i = 0; i < n; i++) {
        users.push({ role, cookie: await signInCookie(url, `${role}${i}@bench.local`, PASSWORD) });
      }
    }
    for (const level of LEVELS) {
      const results = await runUsers(
        users.map((user) => {
          const share = MIX[user.role];
          return {
            ...user,
            url,
            connections: Math.max(1, Math.round((level * share.share) / share.users)),
            duration: DURATION,
            staffClassId: klass.class_id,
          };
        }),
      );
      const rss = await rssMiB(server.pid);
      const byRole = new Map<string, LoadResult[]>();
      for (const r of results) byRole.set(r.name, [...(byRole.get(r.name) ?? []), r]);
      for (const [role, list] of byRole) {
        rows.push(combineResults(`${level} connections: ${role}s`, list));
      }
      rows.push({ ...combineResults(`${level} connections: all`, results), rss });
    }
  } finally {
    await stop(server);
    await fs.rm(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
  return rows;
}

async function baseline(level: number) {
  const port = await freePort();
  const bare = spawnNode(['bench/baseline-server.ts', String(port)]);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/constant`);
    return await runLoad(`bare Fastify, ${level} connections`, {
      url: `http://127.0.0.1:${port}/constant`,
      connections: level,
      duration: DURATION,
    });
  } finally {
    await stop(bare);
  }
}

const dialects =
  args.db === 'both' ? (['sqlite', 'postgres'] as const) : ([args.db as 'sqlite'] as const);
console.log(
  `## bench:load — ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}, ${DURATION} s per level; p50 and p99 are the worst user's`,
);
const baselines = new Map<number, LoadResult>();
for (const level of LEVELS) baselines.set(level, await baseline(level));
let failed = false;
for (const dialect of dialects) {
  const rows = await runDatabase(dialect);
  console.log(`\n### ${dialect}\n`);
  console.log(
    '| load | req/s | ratio to bare Fastify | p50 ms | p99 ms | errors | non-2xx | server RSS MiB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const level of LEVELS) {
    const b = baselines.get(level)!;
    console.log(
      `| ${b.name} | ${b.requestsPerSecond} | 1.000 | ${b.p50} | ${b.p99} | ${b.errors} | ${b.non2xx} | |`,
    );
    for (const r of rows.filter((row) => row.name.startsWith(`${level} `))) {
      const ratio = (r.requestsPerSecond / b.requestsPerSecond).toFixed(3);
      console.log(
        `| ${r.name} | ${r.requestsPerSecond} | ${ratio} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.rss ?? ''} |`,
      );
      if (r.errors + r.non2xx > 0) failed = true;
    }
  }
}
if (failed) {
  console.error('FAILED: errors or non-2xx answers under load');
  process.exitCode = 1;
}
