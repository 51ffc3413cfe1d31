// Who owes what (issue 27): one row per student with money outstanding on issued invoices, aged by
// each open invoice's days past its due date (not due, 1–30, 31–60, over 60), counted from the
// center's today. One query aggregates it all in the database (per student and class; the classes
// are folded into the student's row here), so the page answers in milliseconds for a chain.
// An invoice's outstanding is its kept `total` less its kept `paid` (migration 028).
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { DebtBucketsDto, DebtListDto, DebtRowDto } from '#common/debts.ts';
import type { Database } from '#server/db/schema.ts';
import { addDays } from '#server/lib/center-time.ts';

/** The bucket boundaries for a today: a due date on or after `today` is not yet due. */
export function bucketBounds(today: string) {
  return { today, d30: addDays(today, -30), d60: addDays(today, -60) };
}

interface DebtQueryRow {
  student_id: string;
  full_name: string;
  search_name: string;
  invoices: number | string;
  oldest: unknown;
  outstanding: number | string;
  not_due: number | string;
  overdue_1_30: number | string;
  overdue_31_60: number | string;
  overdue_over_60: number | string;
}

const dateText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

const emptyBuckets = (): DebtBucketsDto => ({
  outstanding: 0,
  not_due: 0,
  overdue_1_30: 0,
  overdue_31_60: 0,
  overdue_over_60: 0,
});

const BUCKET_KEYS = [
  'outstanding',
  'not_due',
  'overdue_1_30',
  'overdue_31_60',
  'overdue_over_60',
] as const;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The debts list (a page of it, or every row for an export): by name, optionally one class's invoices only, or names containing `q`. */
export async function listDebts(
  db: Kysely<Database>,
  today: string,
  filters: { class_id?: string; q?: string; page?: number; page_size?: number },
): Promise<DebtListDto> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const page = filters.page_size
    ? { limit: filters.page_size, offset: ((filters.page ?? 1) - 1) * filters.page_size }
    : undefined;
  const { rows, total, totals } =
    page && !filters.class_id && !filters.q
      ? await summaryPage(db, pg, today, page)
      : await aggregatedPage(db, pg, today, filters, page);
  const students = rows.map((row) => {
    const student = {
      student_id: row.student_id,
      student_name: row.full_name,
      classes: [] as DebtRowDto['classes'],
      invoices: Number(row.invoices),
      oldest_due_date: dateText(row.oldest),
      ...emptyBuckets(),
    };
    for (const key of BUCKET_KEYS) student[key] = Number(row[key]);
    return student;
  });
  await addClasses(db, students, filters.class_id);
  for (const student of students) {
    student.classes.sort((a, b) => compare(a.class_name, b.class_name));
  }
  return { today, items: students, total, totals };
}

interface Page {
  limit: number;
  offset: number;
}
interface Answer {
  /** The page's rows, in the list's order. */
  rows: DebtQueryRow[];
  total: number;
  totals: DebtBucketsDto;
}

/**
 * By the folded name then the id, in code point order on either database (SQLite compares text's
 * bytes; PostgreSQL's "C" collation), as JavaScript's `<` on these strings.
 */
const byName = (pg: boolean, name: string, id: string) =>
  pg ? sql.raw(`${name} collate "C", ${id} collate "C"`) : sql.raw(`${name}, ${id}`);
const pageOf = (page: Page | undefined) =>
  page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;

/** Each student's open invoices summed and aged (the rows of the list), as a subquery. */
function aggregate(today: string, where: RawBuilder<unknown>) {
  const { d30, d60 } = bucketBounds(today);
  return sql`
    select i.student_id,
      count(*) as invoices,
      min(i.due_date) as oldest,
      sum(i.total - i.paid) as outstanding,
      sum(case when i.due_date >= ${today} then i.total - i.paid else 0 end) as not_due,
      sum(case when i.due_date < ${today} and i.due_date >= ${d30} then i.total - i.paid else 0 end) as overdue_1_30,
      sum(case when i.due_date < ${d30} and i.due_date >= ${d60} then i.total - i.paid else 0 end) as overdue_31_60,
      sum(case when i.due_date < ${d60} then i.total - i.paid else 0 end) as overdue_over_60
    from invoices i
    where i.status = 'issued' and i.paid < i.total ${where}
    group by i.student_id
  `;
}

/**
 * A page of the whole list (issue 31 point 2: the same cost at any size): its students read off
 * `debt_students` in the list's order, their open invoices summed for them alone, and the totals
 * over every debtor summed from `debt_changes` (both kept by the database's triggers, migration
 * 048).
 */
async function summaryPage(
  db: Kysely<Database>,
  pg: boolean,
  today: string,
  page: Page,
): Promise<Answer> {
  const [{ rows }, summed] = await Promise.all([
    sql<DebtQueryRow>`
      with p as (
        select d.student_id, d.search_name from debt_students d
        order by ${byName(pg, 'd.search_name', 'd.student_id')} ${pageOf(page)}
      ),
      s as (${aggregate(today, sql`and i.student_id in (select student_id from p)`)})
      select s.*, u.full_name, u.search_name
      from p
      inner join users u on u.user_id = p.student_id
      inner join s on s.student_id = p.student_id
      order by ${byName(pg, 'u.search_name', 's.student_id')}
    `.execute(db),
    summedTotals(db, pg, today),
  ]);
  return { rows, ...summed };
}

type WindowTotals = {
  [key in `all_${(typeof BUCKET_KEYS)[number]}` | 'all_debtors']: number | string | null;
};

/** Compacted once it holds this many rows (each open invoice's change adds one). */
const COMPACT_AFTER = 2_000;

interface TotalsRow {
  debtors: number | string | null;
  outstanding: number | string | null;
  not_due: number | string | null;
  overdue_1_30: number | string | null;
  overdue_31_60: number | string | null;
  overdue_over_60: number | string | null;
  changes: number | string;
}

/** The totals over every debtor, from the additions kept in `debt_changes`. */
async function summedTotals(db: Kysely<Database>, pg: boolean, today: string) {
  const { d30, d60 } = bucketBounds(today);
  const { rows } = await sql<TotalsRow>`
    select sum(debtors) as debtors,
      sum(amount) as outstanding,
      sum(case when due_date >= ${today} then amount else 0 end) as not_due,
      sum(case when due_date < ${today} and due_date >= ${d30} then amount else 0 end) as overdue_1_30,
      sum(case when due_date < ${d30} and due_date >= ${d60} then amount else 0 end) as overdue_31_60,
      sum(case when due_date < ${d60} then amount else 0 end) as overdue_over_60,
      count(*) as changes
    from debt_changes
  `.execute(db);
  const row = rows[0]!;
  if (Number(row.changes) > COMPACT_AFTER) await compactDebtChanges(db, pg);
  const totals = emptyBuckets();
  for (const key of BUCKET_KEYS) totals[key] = Number(row[key] ?? 0);
  return { total: Number(row.debtors ?? 0), totals };
}

/**
 * `debt_changes` folded into one row per due date whose amount does not net to nothing, and the
 * count of debtors into one row of its own (a student's +1 and −1 fall on the due dates of
 * different invoices: kept per date they would leave a row behind for every date ever used, and
 * the table would never shrink below the folding threshold). The rows taken are exactly the rows summed back, so a change committed meanwhile is neither lost
 * nor counted twice (PostgreSQL: one statement, which deletes only the rows it sees and sums those
 * it deleted; SQLite: one write transaction at a time).
 */
export async function compactDebtChanges(db: Kysely<Database>, pg: boolean): Promise<void> {
  if (pg) {
    await sql`
      with gone as (delete from debt_changes returning due_date, debtors, amount)
      insert into debt_changes (due_date, debtors, amount)
      select due_date, 0, sum(amount) from gone
      group by due_date
      having sum(amount) <> 0
      union all
      select null, sum(debtors), 0 from gone
      having sum(debtors) <> 0
    `.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ due_date: string | null; debtors: number; amount: number }>`
      delete from debt_changes returning due_date, debtors, amount
    `.execute(trx);
    const byDate = new Map<string | null, { debtors: number; amount: number }>();
    let debtors = 0;
    for (const row of rows) {
      debtors += Number(row.debtors);
      const sum = byDate.get(row.due_date) ?? { debtors: 0, amount: 0 };
      sum.amount += Number(row.amount);
      byDate.set(row.due_date, sum);
    }
    const kept = [...byDate].filter(([, sum]) => sum.amount !== 0);
    if (debtors !== 0) kept.push([null, { debtors, amount: 0 }]);
    for (let i = 0; i < kept.length; i += 300) {
      const values = kept
        .slice(i, i + 300)
        .map(([date, sum]) => sql`(${date}, ${sum.debtors}, ${sum.amount})`);
      await sql`insert into debt_changes (due_date, debtors, amount) values ${sql.join(values)}`.execute(
        trx,
      );
    }
  });
}

/**
 * A page of the list aggregated from the open invoices (one class's, or students whose names
 * contain `q`; or every row, for an export), sorted and paged by the database, with the totals of
 * every matching student from the same aggregate.
 */
async function aggregatedPage(
  db: Kysely<Database>,
  pg: boolean,
  today: string,
  filters: { class_id?: string; q?: string },
  page: Page | undefined,
): Promise<Answer> {
  const byClass = filters.class_id ? sql`and i.class_id = ${filters.class_id}` : sql``;
  // A name search narrows the students before their invoices are read.
  const named = filters.q
    ? sql`and i.student_id in (select u.user_id from users u where u.search_name like ${`%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\')`
    : sql``;
  // The open invoices are read from their partial index (migration 028: issued and paid < total,
  // by student, with the class, due date and both amounts kept beside each invoice), aggregated
  // per student in the database; nothing is summed from lines or allocations here.
  const students = sql`
    select s.*, u.full_name, u.search_name
    from (${aggregate(today, sql`${byClass} ${named}`)}) s
    inner join users u on u.user_id = s.student_id
  `;
  // The page with the totals of every matching row beside each of its rows (window sums, computed
  // before the page is cut); a page past the end asks for the totals alone.
  const { rows } = await sql<DebtQueryRow & WindowTotals>`
    with s as (${students})
    select s.*, count(*) over () as all_debtors,
      sum(s.outstanding) over () as all_outstanding, sum(s.not_due) over () as all_not_due,
      sum(s.overdue_1_30) over () as all_overdue_1_30,
      sum(s.overdue_31_60) over () as all_overdue_31_60,
      sum(s.overdue_over_60) over () as all_overdue_over_60
    from s order by ${byName(pg, 's.search_name', 's.student_id')} ${pageOf(page)}
  `.execute(db);
  const row =
    rows[0] ??
    (
      await sql<WindowTotals>`
        with s as (${students})
        select count(*) as all_debtors,
          sum(s.outstanding) as all_outstanding, sum(s.not_due) as all_not_due,
          sum(s.overdue_1_30) as all_overdue_1_30, sum(s.overdue_31_60) as all_overdue_31_60,
          sum(s.overdue_over_60) as all_overdue_over_60
        from s
      `.execute(db)
    ).rows[0]!;
  const totals = emptyBuckets();
  for (const key of BUCKET_KEYS) totals[key] = Number(row[`all_${key}`] ?? 0);
  return { rows, total: Number(row.all_debtors ?? 0), totals };
}

/** The classes of the students' open invoices (one class's only when filtered by it). */
async function addClasses(
  db: Kysely<Database>,
  students: readonly { student_id: string; classes: DebtRowDto['classes'] }[],
  classId: string | undefined,
) {
  const byId = new Map(students.map((student) => [student.student_id, student]));
  const ids = [...byId.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    let query = db
      .selectFrom('invoices')
      .select(['student_id', 'class_id', 'class_name'])
      .distinct()
      .where('status', '=', 'issued')
      .whereRef('paid', '<', 'total')
      .where('student_id', 'in', ids.slice(i, i + 500));
    if (classId) query = query.where('class_id', '=', classId);
    for (const row of await query.execute()) {
      byId
        .get(row.student_id)!
        .classes.push({ class_id: row.class_id, class_name: row.class_name });
    }
  }
}
