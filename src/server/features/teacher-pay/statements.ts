// A teacher's month (docs/decisions/033-teachers-pay.md): the lessons they taught — their classes'
// lessons with no substitute, and the lessons they covered as the substitute — that were held
// (completed, or past their end and not cancelled) and are on no approved statement yet, each with
// the time it really ran (the provider's start and end when its meeting has both, else the
// schedule's, marked as such) and its amount at the rate in force that month (the class's rate
// over the teacher's own). A draft is read live; an approved statement is read from what was
// stored at approval and never again from lessons, rates or adjustments.
import { type Kysely, sql } from 'kysely';
import type {
  PayAdjustmentDto,
  PayLineDto,
  PayRateKind,
  PayStatementDto,
  PayStatementListDto,
  PayStatementSummaryDto,
} from '#common/teacher-pay.ts';
import { hourlyAmount } from '#common/teacher-pay.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { localDate, startOfLocalDate } from '#server/lib/center-time.ts';

type Db = Kysely<Database>;

export interface PayClock {
  now: Date;
  timeZone: string;
}

/** The month after YYYY-MM. */
export function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** [start, end) of a month in the center's zone, as UTC instants. */
export function monthRange(month: string, timeZone: string) {
  return {
    start: startOfLocalDate(`${month}-01`, timeZone),
    end: startOfLocalDate(`${nextMonth(month)}-01`, timeZone),
  };
}

/** YYYY-MM as people read it in both languages: MM/YYYY. */
export const monthLabel = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;

/** Whether the month is over in the center's zone (its statements may then be approved). */
export const monthIsOver = (month: string, clock: PayClock) =>
  monthRange(month, clock.timeZone).end.getTime() <= clock.now.getTime();

interface Rate {
  teacher_id: string;
  class_id: string | null;
  kind: PayRateKind;
  amount: number;
  effective_from: string;
}

/** The rate in force for a teacher's lesson of a class in a month: the class's, else their own. */
function rateFor(rates: Rate[], teacherId: string, classId: string, month: string) {
  let own: Rate | undefined;
  let forClass: Rate | undefined;
  for (const rate of rates) {
    if (rate.teacher_id !== teacherId || rate.effective_from > month) continue;
    if (rate.class_id === classId) {
      if (!forClass || rate.effective_from > forClass.effective_from) forClass = rate;
    } else if (rate.class_id === null) {
      if (!own || rate.effective_from > own.effective_from) own = rate;
    }
  }
  return forClass ?? own ?? null;
}

const MINUTE_MS = 60_000;

/** The draft lines of a month for some teachers (all when `teacherIds` is undefined). */
async function draftLines(
  db: Db,
  month: string,
  clock: PayClock,
  teacherIds?: string[],
): Promise<Map<string, PayLineDto[]>> {
  const range = monthRange(month, clock.timeZone);
  const now = clock.now.toISOString();
  const teacherOf = sql<string>`coalesce(s.substitute_teacher_id, c.teacher_id)`;
  const query = db
    .selectFrom('schedules as s')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .leftJoin('lesson_meetings as m', 'm.schedule_id', 's.schedule_id')
    .select([
      's.schedule_id',
      's.class_id',
      'c.class_name',
      's.topic',
      's.start_time',
      's.end_time',
      's.substitute_teacher_id',
      's.status',
      'm.schedule_id as meeting_schedule_id',
      'm.created_at as meeting_started_at',
      'm.ended_at as meeting_ended_at',
      teacherOf.as('teacher_id'),
    ])
    .where('s.start_time', '>=', range.start.toISOString())
    .where('s.start_time', '<', range.end.toISOString())
    .where('s.status', '!=', 'cancelled')
    // Held: completed, or its time is over (a lesson in a room is often never started in the app).
    .where((eb) => eb.or([eb('s.status', '=', 'completed'), eb('s.end_time', '<=', now)]))
    // A lesson already paid on an approved statement is never paid again (its substitute changed
    // after the approval, say).
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('teacher_pay_lines as p')
            .select('p.position')
            .whereRef('p.schedule_id', '=', 's.schedule_id'),
        ),
      ),
    )
    .orderBy('s.start_time')
    .orderBy('s.schedule_id');
  let lessons: Awaited<ReturnType<typeof query.execute>>;
  if (!teacherIds) lessons = await query.execute();
  else {
    if (teacherIds.length === 0) return new Map();
    // Some teachers' lessons, read by what seeks (bench:school at 10×), not by filtering every
    // lesson of the month: those of their classes (by class and time) that no one else covered,
    // and those they covered in others' classes (by substitute and time); one lesson is in one
    // part only, and the parts merged keep the query's order.
    const own = db
      .selectFrom('classes as own')
      .select('own.class_id')
      .where('own.teacher_id', 'in', teacherIds);
    const [ofTheirClasses, covered] = await Promise.all([
      query.where('s.class_id', 'in', own).where(teacherOf, 'in', teacherIds).execute(),
      query
        .where('s.substitute_teacher_id', 'in', teacherIds)
        .where('c.teacher_id', 'not in', teacherIds)
        .execute(),
    ]);
    const byTime = (a: { start_time: string; schedule_id: string }, b: typeof a) =>
      new Date(a.start_time).getTime() - new Date(b.start_time).getTime() ||
      (a.schedule_id < b.schedule_id ? -1 : a.schedule_id > b.schedule_id ? 1 : 0);
    lessons = covered.length === 0 ? ofTheirClasses : [...ofTheirClasses, ...covered].sort(byTime);
  }
  const ids = [...new Set(lessons.map((lesson) => lesson.teacher_id))];
  const rates: Rate[] =
    ids.length === 0
      ? []
      : await db
          .selectFrom('teacher_pay_rates')
          .select(['teacher_id', 'class_id', 'kind', 'amount', 'effective_from'])
          .where('teacher_id', 'in', ids)
          .where('effective_from', '<=', month)
          .execute();
  const byTeacher = new Map<string, PayLineDto[]>();
  for (const lesson of lessons) {
    const known = lesson.meeting_started_at !== null && lesson.meeting_ended_at !== null;
    const startedAt = new Date(known ? lesson.meeting_started_at! : lesson.start_time);
    const endedAt = new Date(known ? lesson.meeting_ended_at! : lesson.end_time);
    const minutes = Math.max(0, Math.round((endedAt.getTime() - startedAt.getTime()) / MINUTE_MS));
    const rate = rateFor(rates, lesson.teacher_id, lesson.class_id, month);
    const amount = !rate
      ? 0
      : rate.kind === 'per_lesson'
        ? Number(rate.amount)
        : hourlyAmount(Number(rate.amount), minutes);
    const line: PayLineDto = {
      schedule_id: lesson.schedule_id,
      lesson_date: localDate(new Date(lesson.start_time), clock.timeZone),
      class_id: lesson.class_id,
      class_name: lesson.class_name,
      topic: lesson.topic,
      substitute: lesson.substitute_teacher_id !== null,
      started_at: startedAt.toISOString(),
      ended_at: endedAt.toISOString(),
      minutes,
      time_source: known ? 'provider' : 'schedule',
      never_started: lesson.status === 'pending' && lesson.meeting_schedule_id === null,
      rate_kind: rate?.kind ?? null,
      rate_amount: rate ? Number(rate.amount) : null,
      amount,
      adjusted: 0,
    };
    const list = byTeacher.get(lesson.teacher_id) ?? [];
    list.push(line);
    byTeacher.set(lesson.teacher_id, list);
  }
  return byTeacher;
}

async function adjustmentsOf(db: Db, month: string, teacherIds?: string[]) {
  if (teacherIds?.length === 0) return new Map<string, PayAdjustmentDto[]>();
  let query = db
    .selectFrom('teacher_pay_adjustments as a')
    .leftJoin('users as u', 'u.user_id', 'a.created_by')
    .select([
      'a.adjustment_id',
      'a.teacher_id',
      'a.schedule_id',
      'a.amount',
      'a.reason',
      'u.full_name as created_by_name',
      'a.created_at',
    ])
    .where('a.month', '=', month)
    .orderBy('a.created_at')
    .orderBy('a.adjustment_id');
  if (teacherIds) query = query.where('a.teacher_id', 'in', teacherIds);
  const byTeacher = new Map<string, PayAdjustmentDto[]>();
  for (const row of await query.execute()) {
    const list = byTeacher.get(row.teacher_id) ?? [];
    list.push({
      adjustment_id: row.adjustment_id,
      schedule_id: row.schedule_id,
      amount: Number(row.amount),
      reason: row.reason,
      created_by_name: row.created_by_name,
      created_at: new Date(row.created_at).toISOString(),
    });
    byTeacher.set(row.teacher_id, list);
  }
  return byTeacher;
}

async function approvedOf(db: Db, month: string, teacherIds?: string[]) {
  if (teacherIds?.length === 0) return [];
  let query = db
    .selectFrom('teacher_pay_statements as t')
    .leftJoin('users as u', 'u.user_id', 't.approved_by')
    .selectAll('t')
    .select('u.full_name as approved_by_name')
    .where('t.month', '=', month);
  if (teacherIds) query = query.where('t.teacher_id', 'in', teacherIds);
  return query.execute();
}

async function frozenLines(db: Db, statementIds: string[]) {
  const byStatement = new Map<string, PayLineDto[]>();
  if (statementIds.length === 0) return byStatement;
  // No column keeps a line's 'never started' flag: it is read back from the lesson. A lesson past
  // its end can no longer be started (no meeting comes later), so a line counted by the schedule
  // whose lesson has no meeting and was not marked completed keeps the flag it had at approval,
  // whatever else happens to the lesson (cancelled or deleted afterwards, say).
  const rows = await db
    .selectFrom('teacher_pay_lines as p')
    .leftJoin('schedules as s', 's.schedule_id', 'p.schedule_id')
    .leftJoin('lesson_meetings as m', 'm.schedule_id', 'p.schedule_id')
    .selectAll('p')
    .select(['s.status', 'm.schedule_id as meeting_schedule_id'])
    .where('p.statement_id', 'in', statementIds)
    .orderBy('p.position')
    .execute();
  for (const row of rows) {
    const list = byStatement.get(row.statement_id) ?? [];
    list.push({
      schedule_id: row.schedule_id,
      lesson_date: row.lesson_date,
      class_id: row.class_id,
      class_name: row.class_name,
      topic: row.topic,
      substitute: toBool(row.substitute),
      started_at: new Date(row.started_at).toISOString(),
      ended_at: new Date(row.ended_at).toISOString(),
      minutes: row.minutes,
      time_source: row.time_source,
      never_started:
        row.time_source === 'schedule' &&
        row.meeting_schedule_id === null &&
        row.status !== 'completed',
      rate_kind: row.rate_kind,
      rate_amount: Number(row.rate_amount),
      amount: Number(row.amount),
      adjusted: 0,
    });
    byStatement.set(row.statement_id, list);
  }
  return byStatement;
}

function withAdjustments(lines: PayLineDto[], adjustments: PayAdjustmentDto[]) {
  const sums = new Map<string, number>();
  for (const adjustment of adjustments) {
    if (adjustment.schedule_id) {
      sums.set(adjustment.schedule_id, (sums.get(adjustment.schedule_id) ?? 0) + adjustment.amount);
    }
  }
  return lines.map((line) => ({
    ...line,
    adjusted: line.schedule_id ? (sums.get(line.schedule_id) ?? 0) : 0,
  }));
}

function totalsOf(lines: PayLineDto[], adjustments: PayAdjustmentDto[]) {
  const lessonAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  const adjusted = adjustments.reduce((sum, adjustment) => sum + adjustment.amount, 0);
  return {
    lessons: lines.length,
    minutes: lines.reduce((sum, line) => sum + line.minutes, 0),
    lesson_amount: lessonAmount,
    adjustments: adjusted,
    total: lessonAmount + adjusted,
  };
}

/**
 * The month's statements, each with its lines: the approved ones as frozen, the others as drafts
 * read now. Teachers with nothing in the month are left out unless named in `teacherIds`.
 */
export async function readStatements(
  db: Db,
  month: string,
  clock: PayClock,
  teacherIds?: string[],
): Promise<PayStatementDto[]> {
  const approved = await approvedOf(db, month, teacherIds);
  const approvedIds = new Set(approved.map((row) => row.teacher_id));
  const draftIds = teacherIds?.filter((id) => !approvedIds.has(id));
  const [drafts, adjustments, frozen] = await Promise.all([
    draftLines(db, month, clock, draftIds),
    adjustmentsOf(db, month, teacherIds),
    frozenLines(
      db,
      approved.map((row) => row.statement_id),
    ),
  ]);
  const draftTeachers = new Set([
    ...[...drafts.keys()].filter((id) => !approvedIds.has(id)),
    ...[...adjustments.keys()].filter((id) => !approvedIds.has(id)),
    ...(draftIds ?? []),
  ]);
  const names = new Map(
    draftTeachers.size === 0
      ? []
      : (
          await db
            .selectFrom('users')
            .select(['user_id', 'full_name'])
            .where('user_id', 'in', [...draftTeachers])
            .execute()
        ).map((row) => [row.user_id, row.full_name]),
  );
  const statements: PayStatementDto[] = [];
  for (const row of approved) {
    const items = adjustments.get(row.teacher_id) ?? [];
    const lines = withAdjustments(frozen.get(row.statement_id) ?? [], items);
    statements.push({
      teacher_id: row.teacher_id,
      teacher_name: row.teacher_name,
      month,
      state: 'approved',
      missing_rates: 0,
      approved_at: new Date(row.approved_at).toISOString(),
      approved_by_name: row.approved_by_name,
      // The totals as stored at approval.
      lessons: row.lessons,
      minutes: row.minutes,
      lesson_amount: Number(row.lesson_amount),
      adjustments: Number(row.adjustments),
      total: Number(row.total),
      lines,
      adjustment_items: items,
    });
  }
  for (const teacherId of draftTeachers) {
    const name = names.get(teacherId);
    if (name === undefined) continue;
    const items = adjustments.get(teacherId) ?? [];
    const lines = withAdjustments(drafts.get(teacherId) ?? [], items);
    statements.push({
      teacher_id: teacherId,
      teacher_name: name,
      month,
      state: 'draft',
      missing_rates: lines.filter((line) => line.rate_kind === null).length,
      approved_at: null,
      approved_by_name: null,
      ...totalsOf(lines, items),
      lines,
      adjustment_items: items,
    });
  }
  return statements.sort(
    (a, b) =>
      a.teacher_name.localeCompare(b.teacher_name, 'vi') ||
      a.teacher_id.localeCompare(b.teacher_id),
  );
}

export const summaryOf = ({
  lines: _lines,
  adjustment_items: _items,
  ...summary
}: PayStatementDto): PayStatementSummaryDto => summary;

export async function listStatements(
  db: Db,
  month: string,
  clock: PayClock,
): Promise<PayStatementListDto> {
  const items = (await readStatements(db, month, clock)).map(summaryOf);
  const totals = { lessons: 0, minutes: 0, lesson_amount: 0, adjustments: 0, total: 0 };
  for (const item of items) {
    totals.lessons += item.lessons;
    totals.minutes += item.minutes;
    totals.lesson_amount += item.lesson_amount;
    totals.adjustments += item.adjustments;
    totals.total += item.total;
  }
  return { month, items, totals };
}
