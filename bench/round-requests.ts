// bench:school's requests of this round (issue 31 point 2): search, the week view, debts, a
// student's account, pay statements, a parent's page and the Library, each timed one at a time
// (the median of sequential requests: what one person waits) and under load; the plans of the
// queries each one runs; and the month's invoicing and pay runs, timed once.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '#server/context.ts';
import type { DatabaseHandle } from '#server/db/connection.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { childLessons, listChildren } from '#server/features/family/children.ts';
import { createLessonCounts } from '#server/features/lessons/lesson-list.ts';
import { createLessonWeek } from '#server/features/lessons/lesson-week.ts';
import { materialsFor } from '#server/features/materials/queries.ts';
import { readStatements } from '#server/features/teacher-pay/statements.ts';
import { listDebts } from '#server/features/tuition/debts/debts.ts';
import { readAccount } from '#server/features/tuition/ledger.ts';
import { studentOf } from '#server/features/tuition/students.ts';
import { listUsers } from '#server/features/users/queries.ts';
import { addDays, localDate } from '#server/lib/center-time.ts';
import { benchViewer, explainAll, queriesOf } from './explain.ts';
import type { RoundSeeded } from './round-data.ts';
import { monthOf, ZONE } from './tuition-data.ts';

export type Role = 'admin' | 'teacher' | 'student' | 'parent';

export interface RoundRequest {
  name: string;
  role: Role;
  /** The paths asked in turn (several when the server keeps answers: each a different one). */
  paths: string[];
  /** How many sequential requests make the median (fewer for the heavy ones). */
  rounds: number;
  /** Whether it is also run under load (autocannon). */
  load: boolean;
}

/** The days around today whose weeks are full of lessons (bench:school's lessons: ±50 days). */
function weekDays(count: number): string[] {
  const today = localDate(new Date(), ZONE);
  return Array.from({ length: count }, (_, i) => addDays(today, (i % 57) - 28));
}

export function roundRequests(round: RoundSeeded): RoundRequest[] {
  const month = monthOf(-1);
  const week = (rounds: number) =>
    weekDays(rounds + 5).map((day) => `/api/schedules/week?date=${day}`);
  return [
    {
      name: 'search: students ?q=student 42',
      role: 'admin',
      paths: ['/api/users?role=student&q=student%2042'],
      rounds: 30,
      load: true,
    },
    {
      name: 'search: students ?q=nobody (no match)',
      role: 'admin',
      paths: ['/api/users?role=student&q=nobody'],
      rounds: 30,
      load: false,
    },
    { name: 'week view (teacher)', role: 'teacher', paths: week(30), rounds: 30, load: true },
    { name: 'week view (admin)', role: 'admin', paths: week(30), rounds: 30, load: true },
    { name: 'debts (page 1)', role: 'admin', paths: ['/api/debts'], rounds: 15, load: true },
    {
      name: "a student's account",
      role: 'admin',
      paths: [`/api/students/${round.studentId}/account`],
      rounds: 30,
      load: true,
    },
    {
      name: "pay statement (a teacher's month)",
      role: 'admin',
      paths: [`/api/teacher-pay/months/${month}/statements/${round.teacherId}`],
      rounds: 30,
      load: true,
    },
    {
      name: "pay statements (the month's list, every teacher)",
      role: 'admin',
      paths: [`/api/teacher-pay/months/${month}/statements`],
      rounds: 5,
      load: false,
    },
    {
      name: "pay statements (a page of 50, the month's totals)",
      role: 'admin',
      paths: [`/api/teacher-pay/months/${month}/statements?page=1&page_size=50`],
      rounds: 5,
      load: false,
    },
    {
      name: "parent's page: children",
      role: 'parent',
      paths: ['/api/family/children'],
      rounds: 30,
      load: true,
    },
    {
      name: "parent's page: a child's dashboard",
      role: 'parent',
      paths: [`/api/dashboard?student_id=${round.childId}`],
      rounds: 30,
      load: true,
    },
    {
      name: "parent's page: a child's lessons",
      role: 'parent',
      paths: [`/api/family/children/${round.childId}/lessons`],
      rounds: 30,
      load: true,
    },
    {
      name: "parent's page: a child's account",
      role: 'parent',
      paths: [`/api/students/${round.childId}/account`],
      rounds: 30,
      load: false,
    },
    { name: 'Library (student)', role: 'student', paths: ['/api/library'], rounds: 30, load: true },
    { name: 'Library (parent)', role: 'parent', paths: ['/api/library'], rounds: 30, load: false },
    {
      name: 'Library search (teacher, ?q=worksheet 2)',
      role: 'teacher',
      paths: ['/api/library?q=worksheet%202'],
      rounds: 30,
      load: true,
    },
  ];
}

export interface Latency {
  name: string;
  median: number;
  p90: number;
  bytes: number;
}

/** The median and 90th percentile of sequential requests, after a few unmeasured ones. */
export async function sequentialLatency(
  base: string,
  cookie: string,
  request: RoundRequest,
): Promise<Latency> {
  const get = async (path: string) => {
    const response = await fetch(base + path, { headers: { cookie } });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${Buffer.from(body)}`);
    return body.byteLength;
  };
  // A few unmeasured first; kept answers (the week view): each request a path not asked before.
  const pathAt = (i: number) => request.paths[i % request.paths.length]!;
  for (let i = 0; i < 5; i++) await get(pathAt(i));
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < request.rounds; i++) {
    const started = performance.now();
    bytes = await get(pathAt(i + 5));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return {
    name: request.name,
    median: Number(at(0.5).toFixed(2)),
    p90: Number(at(0.9).toFixed(2)),
    bytes,
  };
}

/** The plans of the queries behind each request, read by calling the server's own code. */
export async function explainRoundQueries(
  handle: DatabaseHandle,
  round: RoundSeeded,
): Promise<string[]> {
  const { db } = handle;
  const viewer = (email: string) => benchViewer(handle, email);
  const admin = await viewer('admin0@bench.local');
  const teacher = await viewer('teacher0@bench.local');
  const student = await viewer('student0@bench.local');
  const parent = await viewer(round.parentEmail);
  const today = localDate(new Date(), ZONE);
  const clock = { now: new Date(), timeZone: ZONE };
  // What the server's code reads of its context here: the database, the clock, the zone, and the
  // events its caches listen to (none come).
  const contextOf = (spy: DatabaseHandle['db']) =>
    ({
      database: { ...handle, db: spy },
      clock: { now: () => new Date() },
      config: { centerTimezone: ZONE },
      events: { subscribe: () => () => {} },
    }) as unknown as AppContext;
  const week = (spy: DatabaseHandle['db'], who: SessionUser) => {
    const ctx = contextOf(spy);
    return createLessonWeek(ctx, createLessonCounts(ctx))(who, today, undefined, {});
  };
  const library = (spy: DatabaseHandle['db'], who: SessionUser) => {
    const query = materialsFor(spy, who);
    return Promise.all([
      query.orderBy('m.created_at', 'desc').orderBy('m.material_id', 'desc').limit(20).execute(),
      query
        .clearSelect()
        .select((eb) => eb.fn.countAll().as('total'))
        .execute(),
    ]);
  };
  const works: [string, (spy: DatabaseHandle['db']) => Promise<unknown>][] = [
    [
      'search: students ?q=student 42',
      (spy) => listUsers(spy, 'student', { page: 1, q: 'student 42', sort: '-created_at' }),
    ],
    ['week view (teacher)', (spy) => week(spy, teacher)],
    ['week view (admin)', (spy) => week(spy, admin)],
    ['debts (page 1)', (spy) => listDebts(spy, today, { page: 1, page_size: 50 })],
    ["a student's account", async (spy) => readAccount(spy, await studentOf(db, round.studentId))],
    [
      "pay statement (a teacher's month)",
      (spy) => readStatements(spy, monthOf(-1), clock, [round.teacherId]),
    ],
    ["parent's page: children", (spy) => listChildren(contextOf(spy), parent)],
    [
      "parent's page: a child's lessons",
      (spy) => childLessons(contextOf(spy), parent, round.childId),
    ],
    ['Library (student)', (spy) => library(spy, student)],
    ['Library (parent)', (spy) => library(spy, parent)],
    ['Library (teacher)', (spy) => library(spy, teacher)],
  ];
  const out: string[] = [];
  for (const [name, work] of works) {
    out.push(...(await explainAll(handle, name, await queriesOf(handle, work))));
  }
  return out;
}

/** The month's invoicing run and the pay run, each one request timed from send to reply. */
export async function timeRuns(base: string, adminCookie: string): Promise<string[]> {
  const post = async (path: string, body: unknown) => {
    const started = performance.now();
    const response = await fetch(base + path, {
      method: 'POST',
      headers: {
        cookie: adminCookie,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(body),
    });
    const reply = (await response.json()) as Record<string, unknown>;
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(reply)}`);
    return { seconds, reply };
  };
  const period = monthOf(-1);
  const invoicing = await post('/api/invoice-runs', {
    period,
    due_date: `${monthOf(0)}-10`,
  });
  const issued = (invoicing.reply.invoice_ids as unknown[]).length;
  const pay = await post(`/api/teacher-pay/months/${period}/approve`, {});
  return [
    `- the month's invoicing run (POST /api/invoice-runs, ${period}): ${issued} invoices issued, ${String(invoicing.reply.skipped)} skipped, ${invoicing.seconds} s`,
    `- the pay run (POST /api/teacher-pay/months/${period}/approve): ${String((pay.reply.params as { count?: string })?.count)} statements approved, ${pay.seconds} s`,
  ];
}
