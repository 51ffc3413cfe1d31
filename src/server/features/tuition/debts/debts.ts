// Who owes what (issue 27): one row per student with money outstanding on issued invoices, aged by
// each open invoice's days past its due date (not due, 1–30, 31–60, over 60), counted from the
// center's today. One query aggregates it all in the database (per student and class; the classes
// are folded into the student's row here), so the page answers in milliseconds for a chain.
// An invoice's outstanding is its kept `total` less its kept `paid` (migration 028).
import { type Kysely, sql } from 'kysely';
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
  const { d30, d60 } = bucketBounds(today);
  const byClass = filters.class_id ? sql`and i.class_id = ${filters.class_id}` : sql``;
  // A name search narrows the students before their invoices are read.
  const byName = filters.q
    ? sql`and i.student_id in (select u.user_id from users u where u.search_name like ${`%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\')`
    : sql``;
  // The open invoices are read from their partial index (migration 028: issued and paid < total,
  // by student, with the class, due date and both amounts kept beside each invoice), aggregated
  // per student in the database; nothing is summed from lines or allocations here. Their classes
  // are read afterwards for the rows shown only.
  const { rows } = await sql<DebtQueryRow>`
    with s as (
      select i.student_id,
        count(*) as invoices,
        min(i.due_date) as oldest,
        sum(i.total - i.paid) as outstanding,
        sum(case when i.due_date >= ${today} then i.total - i.paid else 0 end) as not_due,
        sum(case when i.due_date < ${today} and i.due_date >= ${d30} then i.total - i.paid else 0 end) as overdue_1_30,
        sum(case when i.due_date < ${d30} and i.due_date >= ${d60} then i.total - i.paid else 0 end) as overdue_31_60,
        sum(case when i.due_date < ${d60} then i.total - i.paid else 0 end) as overdue_over_60
      from invoices i
      where i.status = 'issued' and i.paid < i.total ${byClass} ${byName}
      group by i.student_id
    )
    select s.*, u.full_name, u.search_name
    from s
    inner join users u on u.user_id = s.student_id
  `.execute(db);

  const totals = emptyBuckets();
  const students = rows.map((row) => {
    const student = {
      student_id: row.student_id,
      student_name: row.full_name,
      search_name: row.search_name,
      classes: [] as DebtRowDto['classes'],
      invoices: Number(row.invoices),
      oldest_due_date: dateText(row.oldest),
      ...emptyBuckets(),
    };
    for (const key of BUCKET_KEYS) {
      student[key] = Number(row[key]);
      totals[key] += student[key];
    }
    return student;
  });
  // By the folded name (code points: thousands of rows, no collator needed), then the id.
  students.sort(
    (a, b) => compare(a.search_name, b.search_name) || compare(a.student_id, b.student_id),
  );
  const from = filters.page_size ? ((filters.page ?? 1) - 1) * filters.page_size : 0;
  const shown = filters.page_size ? students.slice(from, from + filters.page_size) : students;
  await addClasses(db, shown, filters.class_id);
  const items = shown.map(({ search_name: _, ...row }) => ({
    ...row,
    classes: row.classes.sort((a, b) => compare(a.class_name, b.class_name)),
  }));
  return { today, items, total: students.length, totals };
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
