// Attendance a provider can confirm (issue 28 point 5, docs/decisions/035-participants-report.md):
// a few minutes after a lesson held on a provider with a participants report ends, the report is
// read and the lesson's stays are reconciled with it. The job runs every minute in every process;
// each lesson has one row in attendance_reports, taken by a conditional UPDATE (a lease), so of
// several processes one reads a report at a time, and a lesson is read until it is done.
// - The report wins over the webhooks for the students it names: their stays become the report's
//   (a rejoin is a second stay; a lost join is filled in). Students it does not name keep theirs.
// - A student is the one whose id the participant joined with (customer key), or, without one
//   (the provider's own app, a copied link), the student of the class with the e-mail they joined with.
// - Marks by hand are apart (attendance_marks) and win over both when attendance is read.
// - Not ready yet: tried again later; rate-limited: tried again when the provider said (never
//   sooner); not on the account's plan: the lesson keeps its webhooks' stays and says so.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import { meetingOf } from '#server/features/meetings/index.ts';
import {
  type ParticipantReportRow,
  ParticipantsReportRefusal,
} from '#server/features/providers/index.ts';
import { tellParentsOfEndedLessons, tellParentsOfReportedAbsences } from './absences.ts';
import { LOOK_BACK_MS } from './report-state.ts';

/** Reports lag behind a meeting's end by minutes: the first try waits this long. */
export const REPORT_DELAY_MS = 5 * 60_000;
/** A report not ready yet, or a failure, is tried again after this. */
export const REPORT_RETRY_MS = 10 * 60_000;
/** A rate limit without Retry-After waits this long; one longer than the cap waits the cap. */
export const RATE_LIMIT_WAIT_MS = 60_000;
const MAX_RATE_LIMIT_WAIT_MS = 60 * 60_000;
/** Tries before a lesson's report is given up on (state 'failed'). */
export const MAX_REPORT_ATTEMPTS = 12;
/** How long one process holds a lesson it is reading. */
const LEASE_MS = 5 * 60_000;
/** Reports read per run, one after the other: a Heavy API is never hammered. */
const REPORTS_PER_RUN = 10;
export const REPORT_INTERVAL_MS = 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Lessons held on a provider with a report that ended lately and have no row yet get one. */
async function enqueueEndedLessons(ctx: AppContext, now: number) {
  const providers = ctx.providers
    .all()
    .filter((p) => p.capabilities.participantsReport && p.participantsReport)
    .map((p) => p.id);
  if (providers.length === 0) return;
  const { db } = ctx.database;
  const ended = await db
    .selectFrom('lesson_meetings as m')
    .innerJoin('schedules as s', 's.schedule_id', 'm.schedule_id')
    .leftJoin('attendance_reports as r', 'r.schedule_id', 'm.schedule_id')
    .select(['m.schedule_id', 'm.ended_at'])
    .where('m.provider', 'in', providers)
    .where('m.external_id', 'is not', null)
    .where('m.ended_at', '>=', iso(now - LOOK_BACK_MS))
    .where('s.status', '=', 'completed')
    .where('r.schedule_id', 'is', null)
    .limit(500)
    .execute();
  for (const lesson of ended) {
    await db
      .insertInto('attendance_reports')
      .values({
        schedule_id: lesson.schedule_id,
        state: 'pending',
        due_at: iso(Date.parse(lesson.ended_at as string) + REPORT_DELAY_MS),
        attempts: 0,
        claimed_until: null,
        reconciled_at: null,
        updated_at: iso(now),
      })
      .onConflict((oc) => oc.column('schedule_id').doNothing())
      .execute();
  }
}

/** Takes a due lesson for this process; false when another took it first. */
async function claim(ctx: AppContext, scheduleId: string, now: number): Promise<boolean> {
  const result = await ctx.database.db
    .updateTable('attendance_reports')
    .set({
      claimed_until: iso(now + LEASE_MS),
      attempts: sql`attempts + 1`,
      updated_at: iso(now),
    })
    .where('schedule_id', '=', scheduleId)
    .where('state', '=', 'pending')
    .where('due_at', '<=', iso(now))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(now))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The students who may be matched to the report: the class's, now or earlier, with e-mails. */
async function studentsOfClass(ctx: AppContext, classId: string) {
  const { db } = ctx.database;
  const rows = await db
    .selectFrom('users as u')
    .select(['u.user_id', 'u.email'])
    .where('u.role', '=', 'student')
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('class_students as e')
            .select('e.student_id')
            .whereRef('e.student_id', '=', 'u.user_id')
            .where('e.class_id', '=', classId),
        ),
        eb.exists(
          eb
            .selectFrom('class_enrolment_history as h')
            .select('h.student_id')
            .whereRef('h.student_id', '=', 'u.user_id')
            .where('h.class_id', '=', classId),
        ),
      ]),
    )
    .execute();
  return {
    ids: new Set(rows.map((r) => r.user_id)),
    byEmail: new Map(rows.map((r) => [r.email.trim().toLowerCase(), r.user_id])),
  };
}

/** Who a row of the report is: by customer key first, else by e-mail; undefined for anyone else. */
function studentOf(
  row: ParticipantReportRow,
  students: Awaited<ReturnType<typeof studentsOfClass>>,
): string | undefined {
  if (row.userId && students.ids.has(row.userId)) return row.userId;
  if (row.userId) return undefined; // someone else's key (a teacher, another class's student)
  return row.email ? students.byEmail.get(row.email.trim().toLowerCase()) : undefined;
}

/** Replaces the stays of the students the report names with the report's, and marks it done. */
export async function reconcileLesson(
  ctx: AppContext,
  scheduleId: string,
  report: readonly ParticipantReportRow[],
): Promise<void> {
  const { db } = ctx.database;
  const lesson = await db
    .selectFrom('schedules')
    .select('class_id')
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirstOrThrow();
  const students = await studentsOfClass(ctx, lesson.class_id);
  const staysOf = new Map<string, Map<string, ParticipantReportRow>>();
  for (const row of report) {
    const student = studentOf(row, students);
    if (!student || Number.isNaN(Date.parse(row.joinedAt))) continue;
    const stays = staysOf.get(student) ?? new Map<string, ParticipantReportRow>();
    // The same stay on two pages (a report that moved while it was read) counts once.
    stays.set(`${row.key}|${new Date(row.joinedAt).toISOString()}`, row);
    staysOf.set(student, stays);
  }
  const now = ctx.clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [student, stays] of staysOf) {
      await trx
        .deleteFrom('attendance')
        .where('schedule_id', '=', scheduleId)
        .where('student_id', '=', student)
        .execute();
      await trx
        .insertInto('attendance')
        .values(
          [...stays].map(([key, row]) => ({
            attendance_id: randomUUID(),
            schedule_id: scheduleId,
            student_id: student,
            participant_key: `report:${key}`,
            joined_at: new Date(row.joinedAt).toISOString(),
            left_at: row.leftAt ? new Date(row.leftAt).toISOString() : null,
            created_at: now,
          })),
        )
        .execute();
    }
    await trx
      .updateTable('attendance_reports')
      .set({ state: 'done', reconciled_at: now, claimed_until: null, updated_at: now })
      .where('schedule_id', '=', scheduleId)
      .execute();
  });
}

/** After a try that did not reconcile: again at `retryAt`, or given up on after too many tries. */
async function settle(
  ctx: AppContext,
  scheduleId: string,
  outcome: { state: 'unavailable' | 'failed' } | { retryAt: number },
) {
  const now = ctx.clock.now().getTime();
  const row = await ctx.database.db
    .selectFrom('attendance_reports')
    .select('attempts')
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirst();
  const exhausted = (row?.attempts ?? 0) >= MAX_REPORT_ATTEMPTS;
  await ctx.database.db
    .updateTable('attendance_reports')
    .set(
      'state' in outcome || exhausted
        ? { state: 'state' in outcome ? outcome.state : 'failed', claimed_until: null }
        : { due_at: iso(outcome.retryAt), claimed_until: null },
    )
    .set({ updated_at: iso(now) })
    .where('schedule_id', '=', scheduleId)
    .execute();
}

/** Reads one claimed lesson's report and reconciles; every outcome is written to its row. */
async function readReport(
  ctx: AppContext,
  scheduleId: string,
  log: FastifyBaseLogger,
): Promise<'read' | 'rate-limited' | 'not-read'> {
  const now = ctx.clock.now().getTime();
  const meeting = await meetingOf(ctx.database.db, scheduleId);
  const provider = meeting && ctx.providers.get(meeting.provider);
  if (!meeting || !provider?.participantsReport) {
    // Disconnected meanwhile: tried again later, until it comes back or the tries run out.
    await settle(ctx, scheduleId, { retryAt: now + REPORT_RETRY_MS });
    return 'not-read';
  }
  try {
    const report = await provider.participantsReport(meeting);
    await reconcileLesson(ctx, scheduleId, report);
    await ctx.events.publish({ type: EVENT.schedules, data: { schedule_id: scheduleId } });
    // The held lesson's attendance is known now: the parents of whoever missed it are told.
    await tellParentsOfReportedAbsences(ctx, scheduleId);
    return 'read';
  } catch (error) {
    if (error instanceof ParticipantsReportRefusal && error.reason === 'not-on-plan') {
      await settle(ctx, scheduleId, { state: 'unavailable' });
      await ctx.events.publish({ type: EVENT.schedules, data: { schedule_id: scheduleId } });
      return 'not-read';
    }
    if (error instanceof ParticipantsReportRefusal && error.reason === 'rate-limited') {
      const wait = Math.min(error.retryAfterMs ?? RATE_LIMIT_WAIT_MS, MAX_RATE_LIMIT_WAIT_MS);
      await settle(ctx, scheduleId, { retryAt: now + Math.max(wait, 1000) });
      return 'rate-limited';
    }
    if (!(error instanceof ParticipantsReportRefusal)) {
      log.warn({ err: error, scheduleId }, 'reading a participants report failed; retried later');
    }
    await settle(ctx, scheduleId, { retryAt: now + REPORT_RETRY_MS });
    return 'not-read';
  }
}

/**
 * One run: lessons that ended get their row; due ones are claimed and read one after the other.
 * A rate limit stops the run (the other lessons wait for the next). Returns how many were read.
 */
export async function runAttendanceReports(
  ctx: AppContext,
  log: FastifyBaseLogger,
): Promise<number> {
  const now = ctx.clock.now().getTime();
  await enqueueEndedLessons(ctx, now);
  const due = await ctx.database.db
    .selectFrom('attendance_reports')
    .select('schedule_id')
    .where('state', '=', 'pending')
    .where('due_at', '<=', iso(now))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(now))]))
    .orderBy('due_at')
    .limit(REPORTS_PER_RUN)
    .execute();
  let read = 0;
  for (const { schedule_id } of due) {
    if (!(await claim(ctx, schedule_id, now))) continue;
    const outcome = await readReport(ctx, schedule_id, log);
    if (outcome === 'read') read++;
    // The account's rate limit holds for the other lessons too: they wait for the next run.
    if (outcome === 'rate-limited') break;
  }
  return read;
}

/** Runs the job every minute (and once at start-up); the returned function stops it. */
export function startAttendanceReports(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await runAttendanceReports(ctx, log);
      await tellParentsOfEndedLessons(ctx);
    } catch (error) {
      log.warn({ err: error }, 'the participants report run failed; the next one retries');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, REPORT_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
