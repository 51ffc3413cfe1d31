// bench:api's part on PostgreSQL with several processes: the same closed loop against one server
// process, against the round-robin proxy (bench/proxy.ts) in front of that one process (the
// proxy's own cost), and against two processes behind the proxy sharing one database; with the
// server CPU each request took (all processes together), the proxy's, and how busy the whole
// machine was.
//
// While the two processes take the load (a third run of the first load, kept apart), realtime
// and jobs must stay correct:
// - event streams (/api/events) are open through the proxy, so spread over both processes; an
//   admin renames the center a number of times, through each process in turn; every stream must
//   receive every rename exactly once (PostgreSQL NOTIFY carries each to the other process);
// - password-reset links are asked for through each process in turn: the e-mail job of both
//   processes (every second) sends each exactly once (a leased claim, docs/decisions/039);
// - lessons left active past their end are in the database when both processes start at once:
//   their expiry jobs (run at start-up) end each exactly once.
//
//   node bench/processes.ts [--duration 10] [--streams 200] [--changes 20] [--resets 20]
// (npm run bench:api runs it as its last part, with its --duration.)
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import { openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { freePort } from '../tests/helpers/server-process.ts';
import { smtpSettingsBody, startTestSmtp } from '../tests/helpers/smtp.ts';
import { TestClient } from '../tests/helpers/test-server.ts';
import { closedLoopRequests } from './api-requests.ts';
import { cpuMicros, type LoadResult, runLoad, scratchDatabase, stop, waitForHttp } from './lib.ts';
import {
  type MemoryFigures,
  memoryFigures,
  memoryTable,
  PRODUCTION_ENV,
  PRODUCTION_NODE_FLAGS,
} from './memory.ts';
import type { ProxyStats } from './proxy.ts';
import { PASSWORD, seed } from './school-data.ts';

export const PROCESSES_PART = 'several processes on PostgreSQL';

export interface ProcessesOptions {
  /** Seconds of each measured run (after 2 unmeasured). */
  duration: number;
  connections: number;
  /** Event streams open through the proxy while two processes take the load. */
  streams?: number;
  /** Renames of the center made during that load, through each process in turn. */
  changes?: number;
  /** Password-reset links asked for during that load. */
  resets?: number;
  /** Overdue lessons both processes' expiry jobs find at start-up. */
  overdueLessons?: number;
}

/** Time the CPUs spent busy and in all, from /proc/stat (Linux), in clock ticks. */
async function machineTicks(): Promise<{ busy: number; total: number } | undefined> {
  try {
    const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0]!;
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, t) => sum + t, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** A server process as production runs it, on every core (taskset execs node in place). */
function spawnServer(env: Record<string, string>, cpus: string): ChildProcess {
  return spawn(
    'taskset',
    ['-c', cpus, process.execPath, ...PRODUCTION_NODE_FLAGS, 'src/server/main.ts'],
    {
      env: { ...process.env, ...PRODUCTION_ENV, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

interface Proxy {
  url: string;
  pid: number | undefined;
  stats(): Promise<ProxyStats>;
  close(): Promise<void>;
}

async function startProxyProcess(upstreams: string[], cpus: string): Promise<Proxy> {
  const child = fork(path.join(import.meta.dirname, 'proxy.ts'), upstreams, {
    execPath: 'taskset',
    execArgv: ['-c', cpus, process.execPath],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the proxy exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stats: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve((message as { stats: ProxyStats }).stats));
        child.send('stats');
      }),
    close: () => stop(child),
  };
}

/** An event stream read as EventSource would, counting the events of one type by a key. */
interface CountingStream {
  ready: Promise<void>;
  /** key → times received, and when (performance.now()) it first arrived. */
  received: Map<string, { times: number; at: number }>;
  endedEarly: boolean;
  close(): void;
}

function openCountingStream(
  url: string,
  cookie: string,
  type: string,
  keyOf: (data: unknown) => string,
): CountingStream {
  const received = new Map<string, { times: number; at: number }>();
  const { promise: ready, resolve, reject } = Promise.withResolvers<void>();
  let closing = false;
  const stream: CountingStream = { ready, received, endedEarly: false, close: () => {} };
  const request = http.get(
    `${url}/api/events`,
    { agent: false, headers: { cookie, accept: 'text/event-stream' } },
    (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`event stream: ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          split = buffer.indexOf('\n\n');
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (event === 'ready') resolve();
          if (event !== type) continue;
          const key = keyOf(JSON.parse(data));
          const seen = received.get(key);
          if (seen) seen.times++;
          else received.set(key, { times: 1, at: performance.now() });
        }
      });
      response.on('close', () => {
        if (!closing) stream.endedEarly = true;
      });
    },
  );
  request.on('error', (error) => {
    if (!closing) {
      stream.endedEarly = true;
      reject(error);
    }
  });
  stream.close = () => {
    closing = true;
    request.destroy();
  };
  return stream;
}

interface Measured extends LoadResult {
  /** Server CPU per request, all server processes together; the proxy's; µs. */
  serverMicros?: number;
  proxyMicros?: number;
  /** Share of the machine's CPU time busy during the run (every process on it). */
  machineBusy?: number;
}

export async function runProcessesPart(options: ProcessesOptions): Promise<string> {
  const STREAMS = options.streams ?? 200;
  const CHANGES = options.changes ?? 20;
  const RESETS = options.resets ?? 20;
  const OVERDUE = options.overdueLessons ?? 50;
  // Every core of the machine (availableParallelism counts only those this process may use).
  const cores = os.cpus().length;
  const everyCore = `0-${cores - 1}`;
  // This process (the load generator) may have been pinned by bench:api: here every process
  // may run on every core, as on a server with nothing pinned.
  const affinity = spawnSync('taskset', ['-p', String(process.pid)])
    .stdout?.toString()
    .match(/:\s*([0-9a-f]+)\s*$/)?.[1];
  const pinnable = spawnSync('taskset', ['-a', '-cp', everyCore, String(process.pid)]).status === 0;

  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-processes-'));
  const scratch = await scratchDatabase('postgres', 'edu_bench_processes');
  const databaseUrl = scratch.databaseUrl!;
  const smtp = await startTestSmtp();
  /** Run last first when the part ends, however it ends. */
  const cleanups: (() => Promise<unknown>)[] = [];
  const lines: string[] = [];
  try {
    const handle = openDatabase({ dataDir: root, databaseUrl });
    let seeded: Awaited<ReturnType<typeof seed>>;
    const overdueIds: string[] = [];
    try {
      await migrateToLatest(handle);
      seeded = await seed(handle, 1);
      // Lessons left active two hours past their end (past the grace period: ended whatever the
      // provider says; they have no meeting).
      const now = Date.now();
      const rows = Array.from({ length: OVERDUE }, (_, i) => {
        const id = randomUUID();
        overdueIds.push(id);
        return {
          schedule_id: id,
          class_id: seeded.studentClassId,
          topic: `Overdue ${i}`,
          description: null,
          start_time: new Date(now - 3 * 3_600_000 - i * 60_000).toISOString(),
          end_time: new Date(now - 2 * 3_600_000 - i * 60_000).toISOString(),
          status: 'active' as const,
          created_at: new Date(now).toISOString(),
          updated_at: new Date(now).toISOString(),
        };
      });
      await handle.db.insertInto('schedules').values(rows).execute();
    } finally {
      await handle.close();
    }

    const ports = [await freePort(), await freePort()];
    const memoryFile = (i: number) => path.join(root, `memory-${i}.json`);
    const serverEnv = (i: number): Record<string, string> => ({
      // Each process its own folder, as on its own host; files and secrets are shared.
      DATA_DIR: path.join(root, `process-${i}`),
      DATABASE_URL: databaseUrl,
      SECRETS_KEY: 'be'.repeat(32),
      PORT: String(ports[i]),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
      EMAIL_SEND_INTERVAL_SECONDS: '1',
      MEMORY_REPORT_FILE: memoryFile(i),
    });
    // Both at once: their expiry jobs race for the overdue lessons at start-up.
    const servers = [0, 1].map((i) => spawnServer(serverEnv(i), everyCore));
    cleanups.push(() => Promise.all(servers.map(stop)));
    const direct = ports.map((port) => `http://127.0.0.1:${port}`);
    await Promise.all(direct.map((url) => waitForHttp(`${url}/api/health`, 60_000)));

    const signIn = async (url: string, email: string) => {
      const client = new TestClient(url);
      const answer = await client.post('/api/auth/login', { email, password: PASSWORD });
      if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.status}`);
      return client;
    };
    const admins = await Promise.all(direct.map((url) => signIn(url, 'admin0@bench.local')));
    const cookie = {
      teacher: (await signIn(direct[0]!, seeded.teacherEmail)).cookie!,
      student: (await signIn(direct[0]!, seeded.studentEmail)).cookie!,
      admin: admins[0]!.cookie!,
    };
    const settingsSaved = await admins[0]!.put('/api/email/settings', smtpSettingsBody(smtp));
    if (settingsSaved.status !== 200) throw new Error(`SMTP settings: ${settingsSaved.status}`);
    const streamUsers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(direct[i % 2]!, `student${i + 1}@bench.local`)),
    );

    const requests = closedLoopRequests(seeded, cookie);
    const get = (urlPath: string, sessionCookie: string | undefined) => ({
      method: 'GET' as const,
      path: urlPath,
      headers: sessionCookie ? { cookie: sessionCookie } : {},
    });
    // Each connection sends the requests in turn, again and again.
    const workloads: { name: string; requests: autocannon.Request[] }[] = [
      {
        name: `the closed loop's ${requests.length} requests in turn`,
        requests: requests.map(([, urlPath, sessionCookie]) => get(urlPath, sessionCookie)),
      },
      { name: 'student GET /api/dashboard', requests: [get('/api/dashboard', cookie.student)] },
    ];

    const measure = async (
      setup: string,
      base: string,
      pids: (number | undefined)[],
      proxyPid: number | undefined,
      workload: (typeof workloads)[number],
      during?: () => Promise<void>,
    ): Promise<Measured> => {
      const load = { url: base, connections: options.connections, requests: workload.requests };
      await runLoad('warm-up', { ...load, duration: 2 });
      const cpu = async () => {
        const each = await Promise.all(pids.map(cpuMicros));
        return each.every((v) => v !== undefined) ? each.reduce((a, b) => a! + b!, 0) : undefined;
      };
      const [serverBefore, proxyBefore, machineBefore] = await Promise.all([
        cpu(),
        proxyPid ? cpuMicros(proxyPid) : undefined,
        machineTicks(),
      ]);
      const [result] = await Promise.all([
        runLoad(`${setup}: ${workload.name}`, { ...load, duration: options.duration }),
        during?.(),
      ]);
      const [serverAfter, proxyAfter, machineAfter] = await Promise.all([
        cpu(),
        proxyPid ? cpuMicros(proxyPid) : undefined,
        machineTicks(),
      ]);
      const per = (before?: number, after?: number) =>
        before === undefined || after === undefined || !result.total
          ? undefined
          : (after - before) / result.total;
      return {
        ...result,
        serverMicros: per(serverBefore, serverAfter),
        proxyMicros: per(proxyBefore, proxyAfter),
        machineBusy:
          machineBefore && machineAfter
            ? (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)
            : undefined,
      };
    };

    const results: { setup: string; rows: Measured[] }[] = [];
    const TWO = '2 processes behind the proxy';
    const PROXY_ONE = 'the proxy in front of 1 process';
    const ONE = '1 process';

    // 1. Two processes behind the proxy, with the realtime and job checks during the first load.
    const pair = await startProxyProcess(direct, everyCore);
    cleanups.push(pair.close);
    const streams = Array.from({ length: STREAMS }, (_, i) =>
      openCountingStream(
        pair.url,
        streamUsers[i % streamUsers.length]!.cookie!,
        'center-settings.updated',
        (data) => (data as { center_name: string }).center_name,
      ),
    );
    await Promise.all(streams.map((s) => s.ready));
    const streamsPerProcess = (await pair.stats()).eventStreams;
    const run = Date.now().toString(36);
    const names = Array.from({ length: CHANGES }, (_, j) => `Processes ${run} ${j}`);
    const sentAt: number[] = [];
    let changeFailures = 0;
    let resetFailures = 0;
    const resetAddresses = Array.from(
      { length: RESETS },
      (_, j) => `student${1000 + j}@bench.local`,
    );
    const duringLoad = async () => {
      const started = performance.now();
      const spacing = (options.duration * 1000) / Math.max(CHANGES, RESETS);
      for (let j = 0; j < Math.max(CHANGES, RESETS); j++) {
        await sleep(Math.max(0, started + (j + 0.5) * spacing - performance.now()));
        // Through each process in turn.
        const admin = admins[j % 2]!;
        const work: Promise<unknown>[] = [];
        if (j < CHANGES) {
          sentAt[j] = performance.now();
          work.push(
            admin.patch('/api/center-settings', { center_name: names[j] }).then((answer) => {
              if (answer.status !== 200) changeFailures++;
            }),
          );
        }
        if (j < RESETS) {
          work.push(
            new TestClient(direct[j % 2]!)
              .post('/api/auth/password-reset', { email: resetAddresses[j] })
              .then((answer) => {
                if (answer.status !== 200) resetFailures++;
              }),
          );
        }
        await Promise.all(work);
      }
    };
    const twoPids = servers.map((s) => s.pid);
    // The two loads as for one process, then the first again with the checks' work beside it
    // (renames clear kept answers, streams are written to, e-mails are sent): its row is apart.
    const twoRows: Measured[] = [];
    // Both processes are fresh here, while the one process measured later has run all of this:
    // a longer unmeasured run first, so each of the two has compiled its hot code too.
    for (const workload of workloads) {
      await runLoad('warm-up', {
        url: pair.url,
        connections: options.connections,
        requests: workload.requests,
        duration: 2 * options.duration,
      });
    }
    for (const workload of workloads) {
      twoRows.push(await measure(TWO, pair.url, twoPids, pair.pid, workload));
    }
    const checked = { ...workloads[0]!, name: `${workloads[0]!.name}, with the checks below` };
    twoRows.push(await measure(TWO, pair.url, twoPids, pair.pid, checked, duringLoad));

    // Every stream has every rename, or 15 s have passed; a second more shows any duplicate.
    const everyoneHasAll = () => streams.every((s) => names.every((name) => s.received.has(name)));
    for (let waited = 0; waited < 15_000 && !everyoneHasAll(); waited += 50) await sleep(50);
    await sleep(1_000);
    let delivered = 0;
    let duplicates = 0;
    let missing = 0;
    const lastArrival: number[] = names.map(() => 0);
    for (const s of streams) {
      names.forEach((name, j) => {
        const seen = s.received.get(name);
        if (!seen) {
          missing++;
          return;
        }
        delivered++;
        duplicates += seen.times - 1;
        lastArrival[j] = Math.max(lastArrival[j]!, seen.at - sentAt[j]!);
      });
    }
    const endedEarly = streams.filter((s) => s.endedEarly).length;
    for (const s of streams) s.close();
    const arrivalsSorted = [...lastArrival].sort((a, b) => a - b);

    results.push({ setup: TWO, rows: twoRows });
    const proxied = await pair.stats();

    // The e-mail job: each reset link sent once, by one of the processes.
    const isReset = (text: string) => text.includes('/reset-password#');
    const resetMails = () => smtp.received.filter((m) => isReset(m.text));
    for (let waited = 0; waited < 20_000 && resetMails().length < RESETS; waited += 100) {
      await sleep(100);
    }
    await sleep(2_000);
    const perAddress = new Map<string, number>();
    for (const mail of resetMails()) {
      for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    const mailsOnce = resetAddresses.filter((a) => perAddress.get(a) === 1).length;
    const mailsTwice = [...perAddress.values()].filter((n) => n > 1).length;

    // The expiry job: each overdue lesson completed, and ended (audited) once.
    const check = openDatabase({ dataDir: root, databaseUrl, poolSize: 1 });
    let completed = 0;
    let endings: number[] = [];
    try {
      const lessons = await check.db
        .selectFrom('schedules')
        .select('status')
        .where('schedule_id', 'in', overdueIds)
        .execute();
      completed = lessons.filter((l) => l.status === 'completed').length;
      const audited = await check.db
        .selectFrom('audit_log')
        .select('record_id')
        .where('action', '=', 'lesson.end')
        .where('record_id', 'in', overdueIds)
        .execute();
      const perLesson = new Map<string, number>();
      for (const a of audited) perLesson.set(a.record_id, (perLesson.get(a.record_id) ?? 0) + 1);
      endings = overdueIds.map((id) => perLesson.get(id) ?? 0);
    } finally {
      await check.close();
    }

    const memory: MemoryFigures[] = [];
    for (const [i, server] of servers.entries()) {
      memory.push(
        await memoryFigures(`process ${i + 1}, after its runs`, server.pid, memoryFile(i)),
      );
    }
    await pair.close();
    await stop(servers[1]!);

    // 2. The proxy in front of one process, then that process alone.
    const single = await startProxyProcess([direct[0]!], everyCore);
    cleanups.push(single.close);
    const onePid = [servers[0]!.pid];
    const proxyRows: Measured[] = [];
    for (const workload of workloads) {
      proxyRows.push(await measure(PROXY_ONE, single.url, onePid, single.pid, workload));
    }
    await single.close();
    const oneRows: Measured[] = [];
    for (const workload of workloads) {
      oneRows.push(await measure(ONE, direct[0]!, onePid, undefined, workload));
    }
    results.unshift({ setup: ONE, rows: oneRows }, { setup: PROXY_ONE, rows: proxyRows });

    const micros = (value: number | undefined) =>
      value === undefined ? '–' : String(Math.round(value));
    const percent = (value: number | undefined) =>
      value === undefined ? '–' : `${Math.round(value * 100)} %`;
    lines.push(
      `\n### ${PROCESSES_PART}\n`,
      `PostgreSQL (one scratch database, 1× bench:school data), each process with ${'DATABASE_POOL_SIZE'} 10 (the default); ${options.connections} connections, ${options.duration} s each after 2 s unmeasured. **This machine has ${cores} cores**: ${pinnable ? 'nothing is pinned in this part' : 'no taskset, nothing pinned'}: the server processes, the proxy, PostgreSQL and this load generator share them, so a second process finds no idle core; the server CPU per request is what carries over to a machine with a core per process.\n`,
      '| setup | load | req/s | p50 ms | p99 ms | p99.9 ms | server CPU µs/request (all processes) | proxy CPU µs/request | machine CPU busy | errors | non-2xx |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const { setup, rows } of results) {
      rows.forEach((r) => {
        lines.push(
          `| ${setup} | ${r.name.slice(setup.length + 2)} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.p999} | ${micros(r.serverMicros)} | ${micros(r.proxyMicros)} | ${percent(r.machineBusy)} | ${r.errors} | ${r.non2xx} |`,
        );
      });
    }
    const median = arrivalsSorted[Math.floor(arrivalsSorted.length / 2)] ?? 0;
    const worst = arrivalsSorted.at(-1) ?? 0;
    const ok = (good: boolean) => (good ? 'yes' : '**NO**');
    lines.push(
      '',
      `Requests the proxy sent to each process while two ran: ${proxied.requests.join(' / ')}; event streams: ${streamsPerProcess.join(' / ')}; failed at the proxy: ${proxied.failed}.`,
      '',
      '| check, during the last load of 2 processes | sent | expected | received | correct |',
      '|---|---:|---:|---:|---|',
      `| renames (center-settings.updated), through each process in turn, to ${STREAMS} event streams | ${CHANGES} (${changeFailures} refused) | ${STREAMS * CHANGES} | ${delivered} (${duplicates} twice, ${missing} missing; ${endedEarly} streams ended early) | ${ok(changeFailures === 0 && delivered === STREAMS * CHANGES && duplicates === 0 && endedEarly === 0)} |`,
      `| password-reset links, asked through each process in turn, sent by the e-mail job of both | ${RESETS} (${resetFailures} refused) | ${RESETS} | ${resetMails().length} (${mailsOnce} addresses once, ${mailsTwice} more than once) | ${ok(resetFailures === 0 && mailsOnce === RESETS && resetMails().length === RESETS)} |`,
      `| overdue lessons, found by the expiry job of both processes started together | ${OVERDUE} | ${OVERDUE} | ${completed} completed, ended ${endings.filter((n) => n === 1).length} once / ${endings.filter((n) => n > 1).length} more than once / ${endings.filter((n) => n === 0).length} never | ${ok(completed === OVERDUE && endings.every((n) => n === 1))} |`,
      '',
      `From a rename's request until the last of the ${STREAMS} streams had it (timed by this load generator, busy with the load): median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms.`,
      '',
      memoryTable(memory, { eachSinceStart: true }),
    );
    return lines.join('\n');
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    await smtp.close();
    await scratch.drop().catch(() => {});
    await fs.rm(root, { recursive: true, force: true });
    if (affinity) spawnSync('taskset', ['-a', '-p', affinity, String(process.pid)]);
  }
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '100' },
      streams: { type: 'string', default: '200' },
      changes: { type: 'string', default: '20' },
      resets: { type: 'string', default: '20' },
    },
  });
  console.log(`## bench:api — ${PROCESSES_PART} — ${new Date().toISOString()}`);
  console.log(
    await runProcessesPart({
      duration: Number(values.duration),
      connections: Number(values.connections),
      streams: Number(values.streams),
      changes: Number(values.changes),
      resets: Number(values.resets),
    }),
  );
}
