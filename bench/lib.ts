// Shared helpers for the benchmark scripts: child servers, autocannon runs, result tables.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { startServerProcess } from '../tests/helpers/server-process.ts';
import { TestClient } from '../tests/helpers/test-server.ts';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  p999: number;
  errors: number;
  non2xx: number;
  total: number;
}

export async function runLoad(name: string, options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ duration: 10, connections: 50, ...options });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** Signs in through the API and returns the session cookie (name=value) for later requests. */
export async function signInCookie(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** Several users' results as one row: rates and counts add up, latencies are the worst. */
export function combineResults(name: string, list: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => list.reduce((total, r) => total + pick(r), 0);
  return {
    name,
    requestsPerSecond: sum((r) => r.requestsPerSecond),
    p50: Math.max(...list.map((r) => r.p50)),
    p99: Math.max(...list.map((r) => r.p99)),
    p999: Math.max(...list.map((r) => r.p999)),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
    total: sum((r) => r.total),
  };
}

export async function waitForHttp(url: string, timeoutMs = 20_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return Date.now() - started;
    } catch {
      // not up yet
    }
    await sleep(25);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function spawnNode(
  args: string[],
  env: Record<string, string> = {},
  options: { cpu?: number } = {},
): ChildProcess {
  const childEnv = { ...process.env, ...env };
  const stdio: ('ignore' | 'inherit')[] = ['ignore', 'ignore', 'inherit'];
  // taskset execs node in place: the child's pid is node's.
  if (options.cpu !== undefined) {
    return spawn('taskset', ['-c', String(options.cpu), process.execPath, ...args], {
      env: childEnv,
      stdio,
    });
  }
  return spawn(process.execPath, args, { env: childEnv, stdio });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident memory of a process in MiB, read from /proc (Linux). */
export async function rssMiB(pid: number | undefined): Promise<number | undefined> {
  if (!pid) return undefined;
  const fs = await import('node:fs/promises');
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return undefined;
  }
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU time (user + system) a process has used so far, in microseconds, from /proc (Linux). */
export async function cpuMicros(pid: number | undefined): Promise<number | undefined> {
  if (!pid) return undefined;
  try {
    const fs = await import('node:fs/promises');
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
  } catch {
    return undefined;
  }
}

export function table(results: LoadResult[], baseline: LoadResult): string {
  const lines = [
    '| scenario | req/s | ratio to bare Fastify | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of [baseline, ...results]) {
    const ratio = (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(3);
    lines.push(
      `| ${r.name} | ${r.requestsPerSecond} | ${ratio} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    );
  }
  return lines.join('\n');
}

/**
 * A scratch PostgreSQL database for one bench run (BENCH_DATABASE_URL names the server, default
 * the local one), or nothing for the embedded database. drop() removes it.
 */
export async function scratchDatabase(
  dialect: 'sqlite' | 'postgres',
  prefix: string,
): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') return { drop: async () => {} };
  const pg = (await import('pg')).default;
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** The real server on a free loopback port over a data directory (and PostgreSQL, if given). */
export async function startBenchServer(dataDir: string, databaseUrl?: string) {
  const { freePort } = await import('../tests/helpers/server-process.ts');
  const port = await freePort();
  const child = spawnNode(['src/server/main.ts'], {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '20' } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
  });
  const url = `http://127.0.0.1:${port}`;
  return { child, url };
}

/**
 * Runs `work` against the real server (a child process) on a fresh data directory and, for
 * PostgreSQL, a scratch database, with a signed-in admin; everything is removed afterwards.
 */
export async function withAdminServer<T>(
  dialect: 'sqlite' | 'postgres',
  prefix: string,
  work: (server: { baseUrl: string; pid: number | undefined; admin: TestClient }) => Promise<T>,
): Promise<T> {
  const admin = { email: `admin@${prefix}.bench`, password: `${prefix}-bench-password` };
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `edu-bench-${prefix}-`));
  const scratch = await scratchDatabase(dialect, `edu_bench_${prefix}`);
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
      ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
    },
    60_000,
  );
  try {
    const client = new TestClient(server.baseUrl);
    await client.login(admin.email, admin.password);
    return await work({ baseUrl: server.baseUrl, pid: server.child.pid, admin: client });
  } finally {
    await server.kill('SIGTERM');
    await fs.rm(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}
