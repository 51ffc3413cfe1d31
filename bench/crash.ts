// npm run bench:crash — crashes under write load, then counts what survived.
//   node bench/crash.ts --db sqlite     the server is killed with SIGKILL and restarted, 20 times
//   node bench/crash.ts --db postgres   the PostgreSQL server is stopped (immediate: a crash) and
//                                       restarted, 20 times, while our server keeps running; it
//                                       must answer 503 while the database is down and recover
//                                       by itself
// Writers create lessons and enrolments at a steady rate, each write with an Idempotency-Key and
// retried with the same key until acknowledged. Afterwards every acknowledged write must be
// present exactly once and no write may exist twice. PostgreSQL mode runs a private cluster
// (initdb on a free port) so the machine's own PostgreSQL is never touched.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
} from '../tests/helpers/server-process.ts';
import { TestClient } from '../tests/helpers/test-server.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    crashes: { type: 'string', default: '20' },
    writers: { type: 'string', default: '4' },
  },
});
const CRASHES = Number(args.crashes);
const WRITERS = Number(args.writers);
const ADMIN = { email: 'admin@crash.bench', password: 'crash-bench-password' };
const STUDENTS_PER_WRITER = 60;

// --- A private PostgreSQL cluster -------------------------------------------------------------
function pgBin(name: string): string {
  for (const dir of fs.existsSync('/usr/lib/postgresql')
    ? fs.readdirSync('/usr/lib/postgresql')
    : []) {
    const candidate = `/usr/lib/postgresql/${dir}/bin/${name}`;
    if (fs.existsSync(candidate)) return candidate;
  }
  return name;
}
const asPostgresUser = (command: string, commandArgs: string[]) =>
  process.getuid?.() === 0
    ? (['runuser', ['-u', 'postgres', '--', command, ...commandArgs]] as const)
    : ([command, commandArgs] as const);
function runPg(command: string, commandArgs: string[]) {
  const [file, list] = asPostgresUser(pgBin(command), commandArgs);
  execFileSync(file, [...list], { stdio: 'ignore' });
}

async function privateCluster() {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'edu-crash-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  runPg('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const pgctl = (action: string, extra: string[] = []) =>
    runPg('pg_ctl', ['-D', dir, '-o', `-p ${port} -k ${dir}`, '-w', ...extra, action]);
  pgctl('start', ['-l', path.join(dir, 'log')]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: () => pgctl('stop', ['-m', 'immediate']),
    start: () => pgctl('start', ['-l', path.join(dir, 'log')]),
    async remove() {
      try {
        pgctl('stop', ['-m', 'immediate']);
      } catch {
        // already down
      }
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

// --- The run ----------------------------------------------------------------------------------
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'edu-crash-'));
const cluster = args.db === 'postgres' ? await privateCluster() : undefined;
const env = {
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOGIN_MAX_FAILURES_PER_IP: '1000000',
  ...(cluster ? { DATABASE_URL: cluster.url } : {}),
};
let server: ServerProcess = await startServerProcess(env, 60_000);
if (cluster) {
  // With PostgreSQL crashing, our server must stay up: its exit is the bench's failure.
  server.child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(
      `FAILED: the server exited (${code ?? signal}):\n${server.output().slice(-4000)}`,
    );
    process.exit(1);
  });
}
let stopping = false;
const statuses = new Map<number | string, number>();
const count = (key: number | string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);

/** A client that follows the server to its new port after a restart. */
function client(cookie?: string) {
  const c = new TestClient(server.baseUrl);
  c.cookie = cookie;
  return () => {
    (c as { baseUrl: string }).baseUrl = server.baseUrl;
    return c;
  };
}

const admin = client()();
await admin.login(ADMIN.email, ADMIN.password);
const adminCookie = admin.cookie;

interface Plan {
  classId: string;
  students: string[];
}
const plans: Plan[] = [];
for (let w = 0; w < WRITERS; w++) {
  const teacher = await admin.post('/api/users', {
    email: `teacher${w}@crash.bench`,
    full_name: `Teacher ${w}`,
    role: 'teacher',
  });
  const klass = await admin.post('/api/classes', {
    class_name: `Crash class ${w}`,
    teacher_id: teacher.body.user.user_id,
    start_date: '2031-01-01',
    end_date: '2039-12-31',
    description: null,
  });
  const students: string[] = [];
  for (let s = 0; s < STUDENTS_PER_WRITER; s++) {
    const student = await admin.post('/api/users', {
      email: `student${w}-${s}@crash.bench`,
      full_name: `Student ${w}-${s}`,
      role: 'student',
    });
    students.push(student.body.user.user_id);
  }
  plans.push({ classId: klass.body.class_id, students });
}

const acknowledged = { lessons: new Set<string>(), enrolments: new Set<string>() };
let refused = 0;

/** Sends one write until the server acknowledges it, keeping its idempotency key. */
async function writeUntilAcknowledged(send: () => Promise<{ status: number }>): Promise<boolean> {
  for (;;) {
    try {
      const reply = await send();
      count(reply.status);
      if (reply.status < 300) return true;
      if (reply.status !== 503) {
        refused++;
        return false;
      }
    } catch {
      count('connection');
    }
    await sleep(100);
  }
}

async function writer(w: number) {
  const plan = plans[w]!;
  const c = client(adminCookie);
  for (let i = 0; !stopping; i++) {
    if (i % 2 === 0) {
      const key = `lesson-${w}-${i}`;
      const start = Date.parse('2031-01-01T00:00:00Z') + i * 2 * 3_600_000;
      const ok = await writeUntilAcknowledged(() =>
        c().request(
          'POST',
          `/api/classes/${plan.classId}/schedules`,
          {
            json: {
              topic: key,
              start_time: new Date(start).toISOString(),
              end_time: new Date(start + 3_600_000).toISOString(),
            },
          },
          { 'idempotency-key': key },
        ),
      );
      if (ok) acknowledged.lessons.add(key);
    } else if ((i - 1) / 2 < plan.students.length) {
      const student = plan.students[(i - 1) / 2]!;
      const key = `enrol-${w}-${i}`;
      const ok = await writeUntilAcknowledged(() =>
        c().request(
          'POST',
          `/api/classes/${plan.classId}/students`,
          { json: { student_ids: [student] } },
          { 'idempotency-key': key },
        ),
      );
      if (ok) acknowledged.enrolments.add(`${plan.classId}:${student}`);
    }
    await sleep(20);
  }
}

const started = Date.now();
const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
const downtimes: number[] = [];
for (let crash = 1; crash <= CRASHES; crash++) {
  await sleep(1_500 + Math.random() * 1_500);
  if (cluster) {
    cluster.crash();
    await sleep(1_500);
    const down = Date.now();
    cluster.start();
    downtimes.push(Date.now() - down);
  } else {
    await server.kill('SIGKILL');
    const down = Date.now();
    server = await startServerProcess(env, 60_000);
    downtimes.push(Date.now() - down);
  }
  process.stderr.write(`crash ${crash}/${CRASHES}\n`);
}
await sleep(2_000);
stopping = true;
await Promise.all(writers);
const seconds = (Date.now() - started) / 1000;

// --- What survived ----------------------------------------------------------------------------
const check = client(adminCookie)();
const lessonTopics: string[] = [];
const enrolments: string[] = [];
for (const plan of plans) {
  const lessons = await check.get(`/api/classes/${plan.classId}/schedules`);
  lessonTopics.push(...lessons.body.items.map((l: { topic: string }) => l.topic));
  const students = await check.get(`/api/classes/${plan.classId}/students`);
  enrolments.push(
    ...students.body.items.map((s: { user_id: string }) => `${plan.classId}:${s.user_id}`),
  );
}
const missingLessons = [...acknowledged.lessons].filter((k) => !lessonTopics.includes(k));
const duplicateLessons = lessonTopics.length - new Set(lessonTopics).size;
const missingEnrolments = [...acknowledged.enrolments].filter((k) => !enrolments.includes(k));
const duplicateEnrolments = enrolments.length - new Set(enrolments).size;

await server.kill('SIGTERM');
await cluster?.remove();
await fsp.rm(dataDir, { recursive: true, force: true });

const mode =
  args.db === 'postgres'
    ? 'PostgreSQL stopped (immediate) and restarted'
    : 'server SIGKILLed and restarted';
console.log(
  `## bench:crash — ${new Date().toISOString()}, ${mode} ${CRASHES} times, ${WRITERS} writers`,
);
console.log('');
console.log('| measure | value |');
console.log('|---|---:|');
console.log(`| run time | ${seconds.toFixed(0)} s |`);
console.log(`| acknowledged lessons | ${acknowledged.lessons.size} |`);
console.log(`| acknowledged enrolments | ${acknowledged.enrolments.size} |`);
console.log(
  `| acknowledged writes missing afterwards | ${missingLessons.length + missingEnrolments.length} |`,
);
console.log(`| writes present twice | ${duplicateLessons + duplicateEnrolments} |`);
console.log(`| writes refused (4xx) | ${refused} |`);
console.log(
  `| median time to come back | ${downtimes.sort((a, b) => a - b)[Math.floor(downtimes.length / 2)]} ms |`,
);
console.log(
  `| answers seen | ${[...statuses].map(([status, n]) => `${status}: ${n}`).join(', ')} |`,
);
const failed =
  missingLessons.length +
    missingEnrolments.length +
    duplicateLessons +
    duplicateEnrolments +
    refused >
    0 || statuses.has(500);
if (failed) {
  console.error('FAILED: an acknowledged write was lost, duplicated, refused, or a 500 was seen');
  process.exit(1);
}
