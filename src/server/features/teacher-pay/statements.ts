// A teacher's month (docs/decisions/033-teachers-pay.md): the lessons they taught — their classes'
// lessons with no substitute, and the lessons they covered as the substitute — that were held
// (completed, or past their end and not cancelled) and are on no approved statement yet, each with
// the time it really ran (the provider's start and end when its meeting has both, else the
// schedule's, marked as such) and its amount at the rate in force that month (the class's rate
// over the teacher's own). A draft is read live; an approved statement is read from what was
// stored at approval and never again from lessons, rates or adjustments.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
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

const rateKey = (teacherId: string, classId: string | null) => `${teacherId}|${classId ?? ''}`;

/**
 * The rates in force in a month, by teacher and class ('' for the teacher's own): of each, the one
 * with the latest `effective_from` not after the month.
 */
function ratesInForce(rates: Rate[], month: string): Map<string, Rate> {
  const inForce = new Map<string, Rate>();
  for (const rate of rates) {
    if (rate.effective_from > month) continue;
    const key = rateKey(rate.teacher_id, rate.class_id);
    const known = inForce.get(key);
    if (!known || rate.effective_from > known.effective_from) inForce.set(key, rate);
  }
  return inForce;
}

/** The rate in force for a teacher's lesson of a class in a month: the class's, else their own. */
const rateFor = (inForce: Map<string, Rate>, teacherId: string, classId: string) =>
  inForce.get(rateKey(teacherId, classId)) ?? inForce.get(rateKey(teacherId, null)) ?? null;

/** What a lesson of so many minutes is worth at a rate (0 without one). */
const amountAt = (rate: Rate | null, minutes: number) =>
  !rate
    ? 0
    : rate.kind === 'per_lesson'
      ? Number(rate.amount)
      : hourlyAmount(Number(rate.amount), minutes);

/** The rates of some teachers (all when `teacherIds` is undefined) that may be in force in a month. */
async function ratesOf(db: Db, month: string, teacherIds?: string[]) {
  if (teacherIds?.length === 0) return new Map<string, Rate>();
  let query = db
    .selectFrom('teacher_pay_rates')
    .select(['teacher_id', 'class_id', 'kind', 'amount', 'effective_from'])
    .where('effective_from', '<=', month);
  if (teacherIds) query = query.where('teacher_id', 'in', teacherIds);
  return ratesInForce(await query.execute(), month);
}

const MINUTE_MS = 60_000;

const teacherOf = sql<string>`coalesce(s.substitute_teacher_id, c.teacher_id)`;

/**
 * The month's lessons that count on drafts: held (completed, or past their end and not cancelled)
 * and on no approved statement yet, with their class and meeting joined.
 */
function heldLessons(db: Db, month: string, clock: PayClock) {
  const range = monthRange(month, clock.timeZone);
  return (
    db
      .selectFrom('schedules as s')
      .innerJoin('classes as c', 'c.class_id', 's.class_id')
      .leftJoin('lesson_meetings as m', 'm.schedule_id', 's.schedule_id')
      .where('s.start_time', '>=', range.start.toISOString())
      .where('s.start_time', '<', range.end.toISOString())
      .where('s.status', '!=', 'cancelled')
      // Held: completed, or its time is over (a lesson in a room is often never started in the app).
      .where((eb) =>
        eb.or([eb('s.status', '=', 'completed'), eb('s.end_time', '<=', clock.now.toISOString())]),
      )
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
  );
}
type HeldLessons = ReturnType<typeof heldLessons>;

/**
 * Runs a query of the held lessons for some teachers (all when `teacherIds` is undefined). Some
 * teachers' lessons are read by what seeks (bench:school at 10×), not by filtering every lesson of
 * the month: those of their classes (by class and time) that no one else covered, and those they
 * covered in others' classes (by substitute and time); one lesson is in one part only.
 */
async function forTeachers<Row>(
  db: Db,
  query: HeldLessons,
  teacherIds: string[] | undefined,
  run: (query: HeldLessons) => Promise<Row[]>,
): Promise<Row[][]> {
  if (!teacherIds) return [await run(query)];
  if (teacherIds.length === 0) return [];
  const own = db
    .selectFrom('classes as own')
    .select('own.class_id')
    .where('own.teacher_id', 'in', teacherIds);
  return Promise.all([
    run(query.where('s.class_id', 'in', own).where(teacherOf, 'in', teacherIds)),
    run(
      query
        .where('s.substitute_teacher_id', 'in', teacherIds)
        .where('c.teacher_id', 'not in', teacherIds),
    ),
  ]);
}

/** The draft lines of a month for some teachers (all when `teacherIds` is undefined). */
async function draftLines(
  db: Db,
  month: string,
  clock: PayClock,
  teacherIds?: string[],
): Promise<Map<string, PayLineDto[]>> {
  const parts = await forTeachers(db, heldLessons(db, month, clock), teacherIds, (query) =>
    query
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
      .orderBy('s.start_time')
      .orderBy('s.schedule_id')
      .execute(),
  );
  // The parts merged keep the query's order.
  const byTime = (a: { start_time: string; schedule_id: string }, b: typeof a) =>
    new Date(a.start_time).getTime() - new Date(b.start_time).getTime() ||
    (a.schedule_id < b.schedule_id ? -1 : a.schedule_id > b.schedule_id ? 1 : 0);
  const lessons =
    parts.length === 1 || parts[1]?.length === 0 ? (parts[0] ?? []) : parts.flat().sort(byTime);
  const ids = [...new Set(lessons.map((lesson) => lesson.teacher_id))];
  const rates = await ratesOf(db, month, ids);
  const byTeacher = new Map<string, PayLineDto[]>();
  for (const lesson of lessons) {
    const known = lesson.meeting_started_at !== null && lesson.meeting_ended_at !== null;
    const startedAt = new Date(known ? lesson.meeting_started_at! : lesson.start_time);
    const endedAt = new Date(known ? lesson.meeting_ended_at! : lesson.end_time);
    const minutes = Math.max(0, Math.round((endedAt.getTime() - startedAt.getTime()) / MINUTE_MS));
    const rate = rateFor(rates, lesson.teacher_id, lesson.class_id);
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
      amount: amountAt(rate, minutes),
      adjusted: 0,
    };
    const list = byTeacher.get(lesson.teacher_id) ?? [];
    list.push(line);
    byTeacher.set(lesson.teacher_id, list);
  }
  return byTeacher;
}

/** A draft's lessons of one class and length: how many. */
interface LessonGroup {
  class_id: string;
  minutes: number;
  lessons: number;
}

/**
 * A lesson's length in SQL, as `draftLines` takes it: the provider's start and end when its meeting
 * has both, else the schedule's. On PostgreSQL grouped as an interval (cheap to compare) and read
 * back in whole milliseconds; on SQLite whole milliseconds. `draftGroups` turns them into minutes
 * in JavaScript as `draftLines` does, so both count the same.
 */
function lengthOf(db: Db) {
  const known = sql`(m.created_at is not null and m.ended_at is not null)`;
  const start = sql`case when ${known} then m.created_at else s.start_time end`;
  const end = sql`case when ${known} then m.ended_at else s.end_time end`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const length = sql`(${end} - ${start})`;
    return { group: length, ms: sql<number | string>`round(extract(epoch from ${length}) * 1000)` };
  }
  const ms = sql<
    number | string
  >`cast(round((unixepoch(${end}, 'subsec') - unixepoch(${start}, 'subsec')) * 1000) as integer)`;
  return { group: ms, ms };
}

/**
 * The month's draft lessons of every teacher counted in the database, by teacher, class and length
 * (all a line's amount depends on): the month's list adds these up rather than reading every lesson.
 */
async function draftGroups(
  db: Db,
  month: string,
  clock: PayClock,
): Promise<Map<string, LessonGroup[]>> {
  const length = lengthOf(db);
  const rows = await heldLessons(db, month, clock)
    .select((eb) => [
      teacherOf.as('teacher_id'),
      's.class_id',
      length.ms.as('ms'),
      eb.fn.countAll<number | string>().as('lessons'),
    ])
    .groupBy([teacherOf, 's.class_id', length.group])
    .execute();
  const byTeacher = new Map<string, LessonGroup[]>();
  for (const row of rows) {
    const list = byTeacher.get(row.teacher_id) ?? [];
    list.push({
      class_id: row.class_id,
      minutes: Math.max(0, Math.round(Number(row.ms) / MINUTE_MS)),
      lessons: Number(row.lessons),
    });
    byTeacher.set(row.teacher_id, list);
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

const collator = new Intl.Collator('vi');

/** Statements in the order of their teachers' names (then ids). */
const byTeacherName = (
  a: { teacher_name: string; teacher_id: string },
  b: { teacher_name: string; teacher_id: string },
) => collator.compare(a.teacher_name, b.teacher_name) || a.teacher_id.localeCompare(b.teacher_id);

/**
 * The month's statements, each with its lines: the approved ones as frozen, the others as drafts
 * read now. Teachers with nothing in the month are left out unless named in `teacherIds`.
 */
/** An approved statement's summary: its totals as stored at approval. */
function approvedSummary(
  row: {
    teacher_id: string;
    teacher_name: string;
    approved_at: unknown;
    approved_by_name: string | null;
    lessons: number;
    minutes: number;
    lesson_amount: number | string;
    adjustments: number | string;
    total: number | string;
  },
  month: string,
): PayStatementSummaryDto {
  return {
    teacher_id: row.teacher_id,
    teacher_name: row.teacher_name,
    month,
    state: 'approved',
    missing_rates: 0,
    approved_at: new Date(row.approved_at as string).toISOString(),
    approved_by_name: row.approved_by_name,
    lessons: row.lessons,
    minutes: row.minutes,
    lesson_amount: Number(row.lesson_amount),
    adjustments: Number(row.adjustments),
    total: Number(row.total),
  };
}

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
      ...approvedSummary(row, month),
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
  return statements.sort(byTeacherName);
}

export const summaryOf = ({
  lines: _lines,
  adjustment_items: _items,
  ...summary
}: PayStatementDto): PayStatementSummaryDto => summary;

/** The sums of the month's adjustments by teacher. */
async function adjustmentSums(db: Db, month: string) {
  const query = db
    .selectFrom('teacher_pay_adjustments')
    .select((eb) => ['teacher_id', eb.fn.sum<number | string>('amount').as('amount')])
    .where('month', '=', month)
    .groupBy('teacher_id');
  return new Map((await query.execute()).map((row) => [row.teacher_id, Number(row.amount)]));
}

/**
 * The month's statements without their lines, as `readStatements` would give them with theirs
 * (a test holds them equal), computed for all the teachers at once: the approved ones' totals as
 * stored, the drafts' from their lessons counted in the database by teacher, class and length, and
 * their adjustments summed there. A few queries whatever the number of teachers or lessons.
 */
export async function readSummaries(
  db: Db,
  month: string,
  clock: PayClock,
): Promise<PayStatementSummaryDto[]> {
  const [approved, groups, adjustments] = await Promise.all([
    approvedOf(db, month),
    draftGroups(db, month, clock),
    adjustmentSums(db, month),
  ]);
  const approvedIds = new Set(approved.map((row) => row.teacher_id));
  const draftTeachers = new Set([
    ...[...groups.keys()].filter((id) => !approvedIds.has(id)),
    ...[...adjustments.keys()].filter((id) => !approvedIds.has(id)),
  ]);
  const [rates, people] = await Promise.all([
    ratesOf(db, month),
    draftTeachers.size === 0
      ? []
      : db
          .selectFrom('users')
          .select(['user_id', 'full_name'])
          .where('user_id', 'in', [...draftTeachers])
          .execute(),
  ]);
  const nameOf = new Map(people.map((row) => [row.user_id, row.full_name]));
  const summaries = approved.map((row) => approvedSummary(row, month));
  for (const teacherId of draftTeachers) {
    const name = nameOf.get(teacherId);
    if (name === undefined) continue;
    let lessons = 0;
    let minutes = 0;
    let lessonAmount = 0;
    let missing = 0;
    for (const group of groups.get(teacherId) ?? []) {
      const rate = rateFor(rates, teacherId, group.class_id);
      lessons += group.lessons;
      minutes += group.lessons * group.minutes;
      lessonAmount += group.lessons * amountAt(rate, group.minutes);
      if (!rate) missing += group.lessons;
    }
    const adjusted = adjustments.get(teacherId) ?? 0;
    summaries.push({
      teacher_id: teacherId,
      teacher_name: name,
      month,
      state: 'draft',
      missing_rates: missing,
      approved_at: null,
      approved_by_name: null,
      lessons,
      minutes,
      lesson_amount: lessonAmount,
      adjustments: adjusted,
      total: lessonAmount + adjusted,
    });
  }
  return summaries.sort(byTeacherName);
}

/**
 * The month's list: a statement per teacher who taught or was adjusted (a page of them when
 * `page` is given, by name), how many there are and how many are drafts, and the totals of the
 * whole month, every page.
 */
export async function listStatements(
  db: Db,
  month: string,
  clock: PayClock,
  page?: { page: number; page_size: number },
): Promise<PayStatementListDto> {
  const all = await readSummaries(db, month, clock);
  const totals = { lessons: 0, minutes: 0, lesson_amount: 0, adjustments: 0, total: 0 };
  let drafts = 0;
  for (const item of all) {
    totals.lessons += item.lessons;
    totals.minutes += item.minutes;
    totals.lesson_amount += item.lesson_amount;
    totals.adjustments += item.adjustments;
    totals.total += item.total;
    if (item.state === 'draft') drafts++;
  }
  const items = page
    ? all.slice((page.page - 1) * page.page_size, page.page * page.page_size)
    : all;
  return { month, items, total: all.length, drafts, totals };
}
