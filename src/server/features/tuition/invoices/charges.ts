// What a class's students are charged for a month (issue 27, docs/decisions/029-invoices.md),
// read from its fee plan, its lessons and their enrolments, worked out for the whole class at once
// (a handful of queries however many students: a month's run for a chain is thousands of them).
//
// - Per lesson: each lesson of the month held while the student was enrolled (started by now, never
//   a cancelled one); a plan that spares excused absences leaves out the lessons marked excused.
// - Per month: the plan's amount for a month the student was enrolled through and the class ran
//   through; a partial first or last month (the student's or the class's) by its lessons: the
//   lessons while enrolled over a full month's (the month's own, or, in the class's first or last
//   month, the most any month wholly inside its dates has), rounded half up.
// - Per course: the whole amount once, in the first month invoiced while enrolled; with instalments,
//   each one once, in the month it falls due or the first invoiced after it.
// - Discounts running in the month: a percentage of the charges (rounded half up, on its own line)
//   or an amount off, never more than the charges.
import type { Kysely } from 'kysely';
import type { LineLabel, SkipReason } from '#common/invoices.ts';
import type { FeePlanKind } from '#common/tuition.ts';
import type { Database } from '#server/db/schema.ts';
import { addDays, localDate, startOfLocalDate } from '#server/lib/center-time.ts';

export interface PlannedLine {
  label: LineLabel;
  params: Record<string, string>;
  description: string | null;
  quantity: number;
  unit_amount: number;
  amount: number;
  charge_key: string | null;
}

export interface PlannedInvoice {
  student_id: string;
  student_name: string;
  class_id: string;
  class_name: string;
  /** The earliest instalment due among its lines, else the run's. */
  due_date: string;
  lines: PlannedLine[];
  total: number;
}

export interface SkippedStudent {
  student_id: string | null;
  student_name: string | null;
  class_id: string;
  class_name: string;
  reason: SkipReason;
}

export interface ClassPlan {
  invoices: PlannedInvoice[];
  skipped: SkippedStudent[];
}

interface Interval {
  from: number;
  to: number;
}

const DAY_MS = 86_400_000;
const time = (value: unknown) => new Date(value as string).getTime();

/** [first instant, first instant of the next month) of 'YYYY-MM' in the center's zone. */
export function monthRange(period: string, timeZone: string): { start: Date; end: Date } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return {
    start: startOfLocalDate(`${period}-01`, timeZone),
    end: startOfLocalDate(`${next}-01`, timeZone),
  };
}

/** The month's last calendar day. */
export const lastDayOf = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return addDays(
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`,
    -1,
  );
};

/** a × b / c rounded half up, in integers (no floating point near money). */
export const mulDivRound = (a: number, b: number, c: number) =>
  Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (2n * BigInt(c)));

const enrolledAt = (intervals: Interval[] | undefined, at: number) =>
  (intervals ?? []).some((span) => span.from <= at && at < span.to);

/**
 * The invoices a month's run would issue for one class: every student enrolled some time in the
 * month, each with the lines the plan gives them, or the reason they get none.
 */
export async function planClassMonth(
  db: Kysely<Database>,
  input: {
    classId: string;
    period: string;
    dueDate: string;
    now: Date;
    timeZone: string;
    /** Only this student (a single draft). */
    studentId?: string;
  },
): Promise<ClassPlan> {
  const { classId, period, now, timeZone } = input;
  const klass = await db
    .selectFrom('classes')
    .select(['class_id', 'class_name', 'start_date', 'end_date'])
    .where('class_id', '=', classId)
    .executeTakeFirstOrThrow();
  const { start, end } = monthRange(period, timeZone);
  const monthStart = start.getTime();
  const monthEnd = end.getTime();

  // Enrolments overlapping the month: the current ones and those that ended.
  const intervals = new Map<string, Interval[]>();
  const names = new Map<string, string>();
  let current = db
    .selectFrom('class_students as cs')
    .innerJoin('users as u', 'u.user_id', 'cs.student_id')
    .select(['cs.student_id', 'cs.enrolled_at', 'u.full_name'])
    .where('cs.class_id', '=', classId)
    .where('cs.enrolled_at', '<', end.toISOString() as never);
  let past = db
    .selectFrom('class_enrolment_history as h')
    .innerJoin('users as u', 'u.user_id', 'h.student_id')
    .select(['h.student_id', 'h.enrolled_at', 'h.left_at', 'u.full_name'])
    .where('h.class_id', '=', classId)
    .where('h.enrolled_at', '<', end.toISOString() as never)
    .where('h.left_at', '>', start.toISOString() as never);
  if (input.studentId) {
    current = current.where('cs.student_id', '=', input.studentId);
    past = past.where('h.student_id', '=', input.studentId);
  }
  for (const row of await current.execute()) {
    names.set(row.student_id, row.full_name);
    intervals.set(row.student_id, [
      ...(intervals.get(row.student_id) ?? []),
      { from: time(row.enrolled_at), to: Number.POSITIVE_INFINITY },
    ]);
  }
  for (const row of await past.execute()) {
    names.set(row.student_id, row.full_name);
    intervals.set(row.student_id, [
      ...(intervals.get(row.student_id) ?? []),
      { from: time(row.enrolled_at), to: time(row.left_at) },
    ]);
  }
  const students = [...names.keys()].sort((a, b) =>
    names.get(a)!.localeCompare(names.get(b)!, 'vi'),
  );
  if (students.length === 0) return { invoices: [], skipped: [] };

  const plan = await db
    .selectFrom('fee_plans')
    .select(['kind', 'amount', 'charged_absences'])
    .where('class_id', '=', classId)
    .executeTakeFirst();
  const skip = (studentId: string, reason: SkipReason): SkippedStudent => ({
    student_id: studentId,
    student_name: names.get(studentId)!,
    class_id: klass.class_id,
    class_name: klass.class_name,
    reason,
  });
  if (!plan) return { invoices: [], skipped: students.map((id) => skip(id, 'no_fee_plan')) };

  // Who already has an invoice (not void) for this class and month.
  const invoiced = new Set(
    (
      await db
        .selectFrom('invoices')
        .select('student_id')
        .where('class_id', '=', classId)
        .where('period', '=', period)
        .where('status', '<>', 'void')
        .execute()
    ).map((row) => row.student_id),
  );

  const lessons = (
    await db
      .selectFrom('schedules')
      .select(['schedule_id', 'start_time'])
      .where('class_id', '=', classId)
      .where('status', '<>', 'cancelled')
      .where('start_time', '>=', start.toISOString() as never)
      .where('start_time', '<', end.toISOString() as never)
      .execute()
  ).map((lesson) => ({ id: lesson.schedule_id, at: time(lesson.start_time) }));

  const excused = new Set<string>();
  if (plan.kind === 'per_lesson' && plan.charged_absences === 'unexcused' && lessons.length > 0) {
    const marks = await db
      .selectFrom('attendance_marks as m')
      .innerJoin('schedules as s', 's.schedule_id', 'm.schedule_id')
      .select(['m.schedule_id', 'm.student_id'])
      .where('s.class_id', '=', classId)
      .where('s.start_time', '>=', start.toISOString() as never)
      .where('s.start_time', '<', end.toISOString() as never)
      .where('m.status', '=', 'excused')
      .execute();
    for (const mark of marks) excused.add(`${mark.schedule_id}:${mark.student_id}`);
  }

  // What a course plan charges once: the keys already charged to each student for this class.
  const charged = new Map<string, Set<string>>();
  let instalments: { amount: number; due_date: string }[] = [];
  if (plan.kind === 'per_course') {
    instalments = (
      await db
        .selectFrom('fee_plan_instalments')
        .select(['amount', 'due_date'])
        .where('class_id', '=', classId)
        .orderBy('position')
        .execute()
    ).map((part) => ({
      amount: Number(part.amount),
      due_date: String(part.due_date).slice(0, 10),
    }));
    const rows = await db
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as i', 'i.invoice_id', 'l.invoice_id')
      .select(['i.student_id', 'l.charge_key'])
      .where('i.class_id', '=', classId)
      .where('i.status', '<>', 'void')
      .where('l.charge_key', 'is not', null)
      .execute();
    for (const row of rows) {
      const keys = charged.get(row.student_id) ?? new Set<string>();
      keys.add(row.charge_key!);
      charged.set(row.student_id, keys);
    }
  }

  const monthFirst = `${period}-01`;
  const monthLast = lastDayOf(period);
  const discounts = await db
    .selectFrom('student_discounts')
    .select(['student_id', 'kind', 'value', 'reason', 'starts_on', 'ends_on'])
    .where('student_id', 'in', students)
    .where('starts_on', '<=', monthLast as never)
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', monthFirst as never)]))
    .orderBy('created_at')
    .execute();

  // A month the class itself only partly runs (its first or last) is prorated by lessons against
  // a full month of the class: the most lessons any month wholly inside its dates has.
  const classWhole =
    String(klass.start_date).slice(0, 10) <= `${period}-01` &&
    String(klass.end_date).slice(0, 10) >= lastDayOf(period);
  let fullMonthLessons = lessons.length;
  if (plan.kind === 'per_month' && !classWhole) {
    const perMonth = new Map<string, number>();
    const all = await db
      .selectFrom('schedules')
      .select('start_time')
      .where('class_id', '=', classId)
      .where('status', '<>', 'cancelled')
      .execute();
    for (const lesson of all) {
      const month = localDate(new Date(time(lesson.start_time)), timeZone).slice(0, 7);
      perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
    }
    const start = String(klass.start_date).slice(0, 10);
    const end = String(klass.end_date).slice(0, 10);
    for (const [month, count] of perMonth) {
      if (start <= `${month}-01` && end >= lastDayOf(month)) {
        fullMonthLessons = Math.max(fullMonthLessons, count);
      }
    }
  }

  const amount = Number(plan.amount);
  const held = lessons.filter((lesson) => lesson.at <= now.getTime());
  const result: ClassPlan = { invoices: [], skipped: [] };
  for (const studentId of students) {
    if (invoiced.has(studentId)) {
      result.skipped.push(skip(studentId, 'already_invoiced'));
      continue;
    }
    const spans = intervals.get(studentId);
    const lines = chargeLines(plan.kind, {
      amount,
      period,
      spans: spans ?? [],
      // Enrolled by the end of the month's first day and still on its last, in a month the class
      // runs through: the whole month.
      wholeMonth:
        classWhole &&
        (spans ?? []).some(
          (span) => span.from < monthStart + DAY_MS && span.to >= monthEnd - DAY_MS,
        ),
      fullMonthLessons,
      lessons,
      held: held.filter(
        (lesson) => enrolledAt(spans, lesson.at) && !excused.has(`${lesson.id}:${studentId}`),
      ),
      instalments,
      charged: charged.get(studentId) ?? new Set(),
      monthLast,
    });
    const charges = lines.reduce((sum, line) => sum + line.amount, 0);
    if (charges <= 0) {
      result.skipped.push(skip(studentId, 'nothing_to_charge'));
      continue;
    }
    let off = 0;
    for (const discount of discounts.filter((row) => row.student_id === studentId)) {
      const left = charges - off;
      if (left <= 0) break;
      const value = Number(discount.value);
      const cut = Math.min(
        left,
        discount.kind === 'percent' ? mulDivRound(charges, value, 100) : value,
      );
      if (cut <= 0) continue;
      off += cut;
      lines.push({
        label: discount.kind === 'percent' ? 'discount_percent' : 'discount_fixed',
        params:
          discount.kind === 'percent'
            ? { percent: String(value), reason: discount.reason }
            : { reason: discount.reason },
        description: null,
        quantity: 1,
        unit_amount: cut,
        amount: -cut,
        charge_key: null,
      });
    }
    const instalmentDue = lines
      .filter((line) => line.label === 'instalment')
      .map((line) => line.params.due_date!)
      .sort()[0];
    result.invoices.push({
      student_id: studentId,
      student_name: names.get(studentId)!,
      class_id: klass.class_id,
      class_name: klass.class_name,
      due_date: instalmentDue ?? input.dueDate,
      lines,
      total: charges - off,
    });
  }
  return result;
}

function chargeLines(
  kind: FeePlanKind,
  facts: {
    amount: number;
    period: string;
    spans: Interval[];
    wholeMonth: boolean;
    /** A full month's lessons of the class: what a partial month is measured against. */
    fullMonthLessons: number;
    lessons: { id: string; at: number }[];
    held: { id: string; at: number }[];
    instalments: { amount: number; due_date: string }[];
    charged: Set<string>;
    monthLast: string;
  },
): PlannedLine[] {
  const line = (
    label: LineLabel,
    params: Record<string, string>,
    quantity: number,
    unit: number,
    chargeKey: string | null = null,
  ): PlannedLine => ({
    label,
    params,
    description: null,
    quantity,
    unit_amount: unit,
    amount: quantity * unit,
    charge_key: chargeKey,
  });
  const { amount, period } = facts;
  if (kind === 'per_lesson') {
    const count = facts.held.length;
    return count > 0 ? [line('lessons', { period, count: String(count) }, count, amount)] : [];
  }
  if (kind === 'per_month') {
    if (facts.wholeMonth) return [line('month', { period }, 1, amount)];
    const all = Math.max(facts.lessons.length, facts.fullMonthLessons);
    const attended = facts.lessons.filter((lesson) =>
      facts.spans.some((span) => span.from <= lesson.at && lesson.at < span.to),
    ).length;
    if (all === 0 || attended === 0) return [];
    if (attended >= all) return [line('month', { period }, 1, amount)];
    return [
      line(
        'month_prorated',
        { period, lessons: String(attended), of: String(all) },
        1,
        mulDivRound(amount, attended, all),
      ),
    ];
  }
  // Per course
  if (facts.instalments.length === 0) {
    return facts.charged.has('course') ? [] : [line('course', {}, 1, amount, 'course')];
  }
  return facts.instalments.flatMap((part, index) => {
    const key = `instalment:${index}`;
    if (facts.charged.has(key) || part.due_date > facts.monthLast) return [];
    return [
      line(
        'instalment',
        {
          position: String(index + 1),
          of: String(facts.instalments.length),
          due_date: part.due_date,
        },
        1,
        part.amount,
        key,
      ),
    ];
  });
}
