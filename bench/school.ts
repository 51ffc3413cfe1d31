// npm run bench:school — dashboard, classes and schedules endpoints for a teacher, a student and
// an admin at 50 connections, with generated data (200 teachers, 5,000 students, 1,000 classes,
// 50,000 lessons) and again at 10× that, on the embedded database and on PostgreSQL; plus the
// query plans of the main queries, to show they use indexes.
//   node bench/school.ts [--db sqlite|postgres|both] [--scales 1,10] [--duration 5]
//   PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a
//   scratch database is created and dropped.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CompiledQuery, sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { classListQueries } from '#server/features/classes/queries.ts';
import { lessonsWithClass } from '#server/features/lessons/queries.ts';
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

const { values: args } = parseArgs({
  strict: false,
  options: {
    db: { type: 'string', default: 'both' },
    scales: { type: 'string', default: '1,10' },
    duration: { type: 'string', default: '5' },
  },
});
export const PASSWORD = 'bench-password';
const DURATION = Number(args.duration);
const DAY = 86_400_000;

export interface Seeded {
  teacherEmail: string;
  studentEmail: string;
  studentClassId: string;
}

/** Inserts the data set in large batches, straight into the database. */
export async function seed(handle: DatabaseHandle, scale: number): Promise<Seeded> {
  const { db } = handle;
  const counts = {
    teachers: 200 * scale,
    students: 5_000 * scale,
    classes: 1_000 * scale,
    lessonsPerClass: 50,
  };
  const passwordHash = await hashPassword(PASSWORD);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const dateOf = (ms: number) => iso(ms + 7 * 3_600_000).slice(0, 10);
  const batch = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
  };

  const people = (role: 'teacher' | 'student' | 'admin' | 'staff', n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: randomUUID(),
      auth: randomUUID(),
      email: `${role}${i}@bench.local`,
      role,
      i,
    }));
  const admins = people('admin', 1);
  const staff = people('staff', 5);
  const teachers = people('teacher', counts.teachers);
  const students = people('student', counts.students);
  const everyone = [...admins, ...staff, ...teachers, ...students];
  await batch(everyone, (chunk) =>
    db
      .insertInto('auth_credentials')
      .values(
        chunk.map((p) => ({
          auth_id: p.auth,
          password_hash: passwordHash,
          must_change_password: false,
          password_changed_at: iso(now),
          created_at: iso(now),
        })),
      )
      .execute(),
  );
  await batch(everyone, (chunk) =>
    db
      .insertInto('users')
      .values(
        chunk.map((p) => ({
          user_id: p.id,
          auth_id: p.auth,
          email: p.email,
          full_name: `${p.role} ${p.i}`,
          search_name: `${p.role} ${p.i}`,
          role: p.role,
          username: `${p.role}${p.i}_0000`,
          is_active: true,
          avatar_url: null,
          phone: null,
          created_at: iso(now - p.i * 1000),
          updated_at: iso(now),
          created_by: null,
        })),
      )
      .execute(),
  );

  // Classes run from 50 days ago to 50 days ahead; each has 25 students and 50 lessons, one
  // every other day at 19:00 local time (past ones completed).
  const classes = Array.from({ length: counts.classes }, (_, i) => ({
    id: randomUUID(),
    teacher: teachers[i % teachers.length]!.id,
    start: now - 50 * DAY,
    i,
  }));
  await batch(classes, (chunk) =>
    db
      .insertInto('classes')
      .values(
        chunk.map((c) => ({
          class_id: c.id,
          class_name: `Class ${c.i}`,
          search_name: `class ${c.i}`,
          description: null,
          teacher_id: c.teacher,
          start_date: dateOf(c.start),
          end_date: dateOf(c.start + 100 * DAY),
          created_by: admins[0]!.id,
          is_active: true,
          created_at: iso(now - c.i * 1000),
          updated_at: iso(now),
        })),
      )
      .execute(),
  );
  const enrolments = classes.flatMap((c) =>
    Array.from({ length: 25 }, (_, k) => ({
      class_id: c.id,
      student_id: students[(c.i * 25 + k) % students.length]!.id,
      enrolled_at: iso(now),
    })),
  );
  await batch(enrolments, (chunk) =>
    db
      .insertInto('class_students')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  const localMidnight = Date.parse(`${dateOf(now)}T00:00:00+07:00`);
  const lessons = classes.flatMap((c) =>
    Array.from({ length: counts.lessonsPerClass }, (_, k) => {
      // Stagger the hour by class so one teacher's lessons do not pile onto one instant.
      const start =
        localMidnight - 50 * DAY + k * 2 * DAY + (c.i % 2) * DAY + (12 + (c.i % 10)) * 3_600_000;
      return {
        schedule_id: randomUUID(),
        class_id: c.id,
        topic: `Lesson ${k + 1}`,
        description: null,
        start_time: iso(start),
        end_time: iso(start + 3_600_000),
        status: (start + 3_600_000 < now ? 'completed' : 'pending') as 'completed' | 'pending',
        zoom_account_id: null,
        zoom_meeting_id: null,
        zoom_password: null,
        zoom_join_url: null,
        zoom_start_url: null,
        created_at: iso(now),
        updated_at: iso(now),
      };
    }),
  );
  await batch(lessons, (chunk) => db.insertInto('schedules').values(chunk).execute());
  if (handle.dialect === 'postgres') await sql`analyze`.execute(db);
  else await sql`analyze`.execute(db);
  return {
    teacherEmail: teachers[0]!.email,
    studentEmail: students[0]!.email,
    studentClassId: classes[0]!.id,
  };
}

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

// Run only when called as a script: bench/load.ts reuses the data generator.
if (import.meta.main) {
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
}
