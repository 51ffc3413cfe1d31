// npm run bench:school — dashboard, classes and schedules endpoints for a teacher, a student and
// an admin at 50 connections, with generated data (200 teachers, 5,000 students, 1,000 classes,
// 50,000 lessons) and again at 10× that, on the embedded database and on PostgreSQL; plus the
// query plans of the main queries, to show they use indexes. With this round's tables seeded too
// (bench/round-data.ts), this round's lists and pages (bench/round-requests.ts) are timed one
// request at a time and under load at each scale, with the plans of their queries; a table gives
// each one's 10×/1× ratio; the month's invoicing and pay runs are timed last. The whole output is
// written to bench/reports/school-<db>.txt as well.
//   node bench/school.ts [--db sqlite|postgres|both] [--scales 1,10] [--duration 5] [--runs false]
//   PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a
//   scratch database is created and dropped.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { classListQueries } from '#server/features/classes/queries.ts';
import { lessonScopeOf } from '#server/features/lessons/lesson-filters.ts';
import { lessonPageQuery } from '#server/features/lessons/lesson-list.ts';
import { lessonsWithClass } from '#server/features/lessons/queries.ts';
import { benchViewer, explainPlan } from './explain.ts';
import {
  type LoadResult,
  runLoad,
  scratchDatabase,
  signInCookie,
  startBenchServer,
  stop,
  waitForHttp,
} from './lib.ts';
import { seedRound } from './round-data.ts';
import {
  explainRoundQueries,
  type Latency,
  type Role,
  roundRequests,
  sequentialLatency,
  timeRuns,
} from './round-requests.ts';
import { PASSWORD, type Seeded, seed } from './school-data.ts';

const { values: args } = parseArgs({
  strict: false,
  options: {
    db: { type: 'string', default: 'both' },
    scales: { type: 'string', default: '1,10' },
    duration: { type: 'string', default: '5' },
    // The month's invoicing and pay runs after the requests ('false': left out).
    runs: { type: 'string', default: 'true' },
  },
});
const DURATION = Number(args.duration);

async function explainMainQueries(handle: DatabaseHandle, seeded: Seeded): Promise<string[]> {
  const { db } = handle;
  const viewer = (email: string) => benchViewer(handle, email);
  const student = await viewer(seeded.studentEmail);
  const teacher = await viewer(seeded.teacherEmail);
  const admin = await viewer('admin0@bench.local');
  const now = new Date().toISOString();
  const today = now.slice(0, 10);
  const queries = {
    'classes list (student)': classListQueries(db, student, { page: 1 }).query.limit(10),
    'classes list (admin)': classListQueries(db, admin, { page: 1 }).query.limit(10),
    'classes list count (admin)': classListQueries(db, admin, { page: 1 }).counted.select(
      sql<number>`count(*)`.as('n'),
    ),
    'dashboard upcoming (student)': lessonsWithClass(db, student)
      .where('s.start_time', '>=', now)
      .orderBy('s.start_time')
      .limit(5),
    'dashboard upcoming (admin)': lessonsWithClass(db, admin)
      .where('s.start_time', '>=', now)
      .orderBy('s.start_time')
      .limit(5),
    'schedules page (teacher)': lessonPageQuery(db, teacher, 1, undefined),
    'schedules page (admin)': lessonPageQuery(db, admin, 1, undefined),
    // The page by dates (as it opens on a week; one day here) in time order, and by a teacher.
    'schedules by dates (admin)': lessonPageQuery(db, admin, 1, undefined, {
      ...lessonScopeOf({ from: today, to: today }, 'Asia/Ho_Chi_Minh'),
      sort: 'start_time',
    }),
    'schedules by teacher (admin)': lessonPageQuery(db, admin, 1, undefined, {
      teacher_id: teacher.user_id,
      sort: 'start_time',
    }),
  };
  const out: string[] = [];
  for (const [name, query] of Object.entries(queries)) {
    const plan = await explainPlan(handle, query.compile());
    out.push(`-- ${name}`, ...plan.map((line) => `   ${line}`));
  }
  return out;
}

/** What is printed, also kept for bench/reports/school-<db>.txt. */
const output: string[] = [];
const log = (line = '') => {
  console.log(line);
  output.push(line);
};
const REPORT = path.join(import.meta.dirname, 'reports', `school-${String(args.db)}.txt`);
const saveReport = async () => {
  await fs.mkdir(path.dirname(REPORT), { recursive: true });
  await fs.writeFile(REPORT, `${output.join('\n')}\n`);
};

async function runScenario(
  dialect: 'sqlite' | 'postgres',
  scale: number,
  measured: (r: Measured) => Promise<void>,
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-school-'));
  const scratch = await scratchDatabase(dialect, 'edu_bench');
  const { databaseUrl } = scratch;
  const started = Date.now();
  const handle = openDatabase({ dataDir, databaseUrl });
  await migrateToLatest(handle);
  // Seeding only: a crash loses nothing worth keeping, and the pages read in stay in memory.
  if (dialect === 'sqlite') {
    await sql`pragma synchronous = off`.execute(handle.db);
    await sql`pragma cache_size = -1000000`.execute(handle.db);
  }
  const seeded = await seed(handle, scale);
  console.error(`  ${dialect} ${scale}×: base set seeded (${Date.now() - started} ms)`);
  const baseSeconds = ((Date.now() - started) / 1000).toFixed(1);
  const round = await seedRound(handle);
  const seedSeconds = ((Date.now() - started) / 1000).toFixed(1);
  console.error(`  ${dialect} ${scale}×: this round's tables seeded (${Date.now() - started} ms)`);
  const plans = await explainMainQueries(handle, seeded);
  const roundPlans = await explainRoundQueries(handle, round);
  console.error(`  ${dialect} ${scale}×: plans read`);
  await handle.close();

  const { child: server, url } = await startBenchServer(dataDir, databaseUrl);
  const results: LoadResult[] = [];
  const latencies: Latency[] = [];
  const roundLoads: LoadResult[] = [];
  let runs: string[] = [];
  try {
    await waitForHttp(`${url}/api/health`, 60_000);
    const cookieFor = (email: string) => signInCookie(url, email, PASSWORD);
    const roles = {
      teacher: await cookieFor(seeded.teacherEmail),
      student: await cookieFor(seeded.studentEmail),
      admin: await cookieFor('admin0@bench.local'),
    };
    for (const [role, cookie] of Object.entries(roles)) {
      const paths = [
        '/api/dashboard',
        '/api/classes',
        role === 'student' ? `/api/classes/${seeded.studentClassId}/schedules` : '/api/schedules',
      ];
      for (const p of paths) {
        // Two unmeasured seconds first, so the first scenario does not pay for the JIT warming
        // up and the database's pages being read in.
        await runLoad('warm-up', { url: url + p, headers: { cookie }, duration: 2 });
        results.push(
          await runLoad(`${role} GET ${p.replace(seeded.studentClassId, ':id')}`, {
            url: url + p,
            headers: { cookie },
            duration: DURATION,
          }),
        );
      }
    }
    const cookies: Record<Role, string> = {
      ...roles,
      parent: await cookieFor(round.parentEmail),
    };
    for (const request of roundRequests(round)) {
      const cookie = cookies[request.role];
      const at = Date.now();
      latencies.push(await sequentialLatency(url, cookie, request));
      console.error(`  ${dialect} ${scale}×: ${request.name} (${Date.now() - at} ms)`);
      if (!request.load) continue;
      const options = { url: url + request.paths[0], headers: { cookie }, connections: 10 };
      await runLoad('warm-up', { ...options, duration: 1 });
      roundLoads.push(await runLoad(request.name, { ...options, duration: DURATION }));
    }
    // What was measured is written before the runs, which take long at 10×.
    await measured({
      results,
      plans,
      roundPlans,
      seedSeconds,
      baseSeconds,
      round,
      latencies,
      roundLoads,
    });
    if (args.runs !== 'false') {
      console.error(`  ${dialect} ${scale}×: the invoicing and pay runs`);
      runs = await timeRuns(url, roles.admin);
    }
  } finally {
    await stop(server);
    await fs.rm(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
  return runs;
}

interface Measured {
  results: LoadResult[];
  plans: string[];
  roundPlans: string[];
  seedSeconds: string;
  baseSeconds: string;
  round: Awaited<ReturnType<typeof seedRound>>;
  latencies: Latency[];
  roundLoads: LoadResult[];
}

const dialects =
  args.db === 'both'
    ? (['sqlite', 'postgres'] as const)
    : ([args.db as 'sqlite' | 'postgres'] as const);
const scales = String(args.scales).split(',').map(Number);
const benchStarted = Date.now();
log(
  `## bench:school — ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}; the base requests at 50 connections, this round's at 10, ${DURATION} s each after unmeasured ones; one-at-a-time latency: the median of sequential requests after 5 unmeasured`,
);
/** This round's one-at-a-time latencies, by database, request and scale. */
const byRequest = new Map<string, Map<number, Latency>>();
for (const scale of scales) {
  for (const dialect of dialects) {
    const scenarioStarted = Date.now();
    const runs = await runScenario(dialect, scale, async (r) => {
      log(
        `\n### ${dialect}, ${scale}× data (${200 * scale} teachers, ${5000 * scale} students, ${1000 * scale} classes, ${50000 * scale} lessons; generated in ${r.seedSeconds} s: ${r.baseSeconds} s the base set, the rest this round's tables)\n`,
      );
      log(
        `Rows: ${Object.entries(r.round.rows)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ')}`,
      );
      log(
        `Seconds per step of this round's tables: ${Object.entries(r.round.steps)
          .map(([step, s]) => `${step} ${s}`)
          .join(', ')}\n`,
      );
      log('| request | req/s | p50 ms | p99 ms | errors | non-2xx |');
      log('|---|---:|---:|---:|---:|---:|');
      for (const x of [...r.results, ...r.roundLoads])
        log(
          `| ${x.name} | ${x.requestsPerSecond} | ${x.p50} | ${x.p99} | ${x.errors} | ${x.non2xx} |`,
        );
      log('\nOne request at a time:\n');
      log('| request | median ms | p90 ms | reply bytes |');
      log('|---|---:|---:|---:|');
      for (const x of r.latencies) {
        log(`| ${x.name} | ${x.median} | ${x.p90} | ${x.bytes} |`);
        const key = `${dialect}|${x.name}`;
        if (!byRequest.has(key)) byRequest.set(key, new Map());
        byRequest.get(key)!.set(scale, x);
      }
      if (scale === scales[0])
        log(`\nQuery plans (${dialect}, ${scale}×):\n\`\`\`\n${r.plans.join('\n')}\n\`\`\``);
      log(
        `\nQuery plans of this round's requests (${dialect}, ${scale}×):\n\`\`\`\n${r.roundPlans.join('\n')}\n\`\`\``,
      );
      await saveReport();
    });
    log(`\nRuns at ${scale}×:`);
    for (const line of runs) log(line);
    log(
      `\n(${dialect} ${scale}× took ${((Date.now() - scenarioStarted) / 1000).toFixed(0)} s in all)`,
    );
    await saveReport();
  }
}
if (scales.length > 1) {
  const [low, high] = [scales[0]!, scales.at(-1)!];
  log(`\n### This round's requests, ${high}× against ${low}× (one request at a time, median ms)\n`);
  log(`| database | request | ${low}× | ${high}× | ratio | within 2× |`);
  log('|---|---|---:|---:|---:|---|');
  for (const [key, at] of byRequest) {
    const [dialect, name] = key.split('|') as [string, string];
    const a = at.get(low)?.median;
    const b = at.get(high)?.median;
    const ratio = a && b ? b / a : undefined;
    log(
      `| ${dialect} | ${name} | ${a ?? '–'} | ${b ?? '–'} | ${ratio?.toFixed(2) ?? '–'} | ${ratio === undefined ? '–' : ratio <= 2 ? 'yes' : 'NO'} |`,
    );
  }
}
log(`\nThe whole bench took ${((Date.now() - benchStarted) / 60_000).toFixed(1)} min.`);
await saveReport();
