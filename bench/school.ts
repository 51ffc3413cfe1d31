// npm run bench:school — dashboard, classes and schedules endpoints for a teacher, a student and
// an admin at 50 connections, with generated data (200 teachers, 5,000 students, 1,000 classes,
// 50,000 lessons) and again at 10× that, on the embedded database and on PostgreSQL; plus the
// query plans of the main queries, to show they use indexes.
//   node bench/school.ts [--db sqlite|postgres|both] [--scales 1,10] [--duration 5]
//   PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a
//   scratch database is created and dropped.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CompiledQuery, sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { classListQueries } from '#server/features/classes/queries.ts';
import { lessonsWithClass } from '#server/features/lessons/queries.ts';
import { lessonScopeOf } from '#server/features/lessons/lesson-filters.ts';
import { lessonPageQuery } from '#server/features/lessons/lesson-list.ts';
import {
  type LoadResult,
  runLoad,
  scratchDatabase,
  signInCookie,
  startBenchServer,
  stop,
  waitForHttp,
} from './lib.ts';
import { PASSWORD, type Seeded, seed } from './school-data.ts';

const { values: args } = parseArgs({
  strict: false,
  options: {
    db: { type: 'string', default: 'both' },
    scales: { type: 'string', default: '1,10' },
    duration: { type: 'string', default: '5' },
  },
});
const DURATION = Number(args.duration);

async function explainMainQueries(handle: DatabaseHandle, seeded: Seeded): Promise<string[]> {
  const { db } = handle;
  const viewer = async (email: string): Promise<SessionUser> => {
    const u = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { ...u, is_active: true, mustChangePassword: false } as SessionUser;
  };
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
    const compiled = query.compile();
    const plan =
      handle.dialect === 'postgres'
        ? (
            await handle.pgPool!.query(`explain ${compiled.sql}`, compiled.parameters as unknown[])
          ).rows.map((r) => r['QUERY PLAN'] as string)
        : (
            await db.executeQuery(
              CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
            )
          ).rows.map((r) => (r as { detail: string }).detail);
    out.push(`-- ${name}`, ...plan.map((line) => `   ${line}`));
  }
  return out;
}

async function runScenario(dialect: 'sqlite' | 'postgres', scale: number) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-school-'));
  const scratch = await scratchDatabase(dialect, 'edu_bench');
  const { databaseUrl } = scratch;
  const started = Date.now();
  const handle = openDatabase({ dataDir, databaseUrl });
  await migrateToLatest(handle);
  const seeded = await seed(handle, scale);
  const seedSeconds = ((Date.now() - started) / 1000).toFixed(1);
  const plans = await explainMainQueries(handle, seeded);
  await handle.close();

  const { child: server, url } = await startBenchServer(dataDir, databaseUrl);
  const results: LoadResult[] = [];
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
  } finally {
    await stop(server);
    await fs.rm(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
  return { results, plans, seedSeconds };
}

const dialects =
  args.db === 'both'
    ? (['sqlite', 'postgres'] as const)
    : ([args.db as 'sqlite' | 'postgres'] as const);
const scales = String(args.scales).split(',').map(Number);
console.log(
  `## bench:school — ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}, 50 connections, ${DURATION} s each after 2 s unmeasured`,
);
for (const scale of scales) {
  for (const dialect of dialects) {
    const { results, plans, seedSeconds } = await runScenario(dialect, scale);
    console.log(
      `\n### ${dialect}, ${scale}× data (${200 * scale} teachers, ${5000 * scale} students, ${1000 * scale} classes, ${50000 * scale} lessons; generated in ${seedSeconds} s)\n`,
    );
    console.log('| request | req/s | p50 ms | p99 ms | errors | non-2xx |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of results)
      console.log(
        `| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
      );
    if (scale === scales[0])
      console.log(`\nQuery plans (${dialect}):\n\`\`\`\n${plans.join('\n')}\n\`\`\``);
  }
}
