// This round's tables on top of bench:school's data set (bench/school-data.ts), times its scale:
// fee plans on every class (bench/tuition-data.ts), a year of invoices (one a month for each
// student's first class: the last month unpaid, the one before half paid, the rest paid) with their
// lines, charges, payments and allocations; attendance marked on every held lesson (1 in 20 absent,
// 1 in 20 excused, 1 in 20 late) and a make-up credit for each excused absence; a parent for every
// two students; a rate for every teacher and approved statements for the months before the
// lessons; a report on every held lesson; four links in every class. The big tables are filled by
// INSERT … SELECT inside the database, the rest in batches.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseHandle } from '#server/db/connection.ts';
import type { Database } from '#server/db/schema.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { benchPeople, inBatches, insertPeople, PASSWORD } from './school-data.ts';
import { addFeePlans, monthOf } from './tuition-data.ts';

const DAY = 86_400_000;
/** How many months of invoices each student has (the newest is last month). */
export const INVOICE_MONTHS = 12;
const MONTH_FEE = 1_200_000;

export interface RoundSeeded {
  parentEmail: string;
  /** The first parent's first child (student0). */
  childId: string;
  studentId: string;
  teacherId: string;
  /** Counted rows of the tables seeded, for the report. */
  rows: Record<string, number>;
  /** Seconds per step. */
  steps: Record<string, number>;
}

export async function seedRound(handle: DatabaseHandle): Promise<RoundSeeded> {
  const { db: outside } = handle;
  const pg = handle.dialect === 'postgres';
  const steps: Record<string, number> = {};
  // Each step in one transaction; on PostgreSQL without the foreign keys' per-row triggers (the
  // rows are made from rows that exist) and without waiting for the WAL's flush at commit.
  const step = async (name: string, work: (db: Kysely<Database>) => Promise<unknown>) => {
    const started = performance.now();
    await handle.db.transaction().execute(async (trx) => {
      if (pg) {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`set local synchronous_commit = off`.execute(trx);
      }
      await work(trx);
    });
    steps[name] = Number(((performance.now() - started) / 1000).toFixed(1));
  };
  // Expressions that differ between the two databases.
  const uuid = pg
    ? sql.raw('gen_random_uuid()::text')
    : sql.raw(
        "lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))",
      );
  const randomBelow = (n: number) =>
    pg ? sql.raw(`floor(random() * ${n})::int`) : sql.raw(`(abs(random()) % ${n})`);
  const asDate = (e: RawBuilder<unknown>) => (pg ? sql`(${e})::date` : e);
  const asTimestamp = (e: RawBuilder<unknown>) => (pg ? sql`(${e})::timestamptz` : e);
  const plusDays = (column: string, days: number) =>
    pg
      ? sql.raw(`${column} + interval '${days} days'`)
      : sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '${days >= 0 ? '+' : ''}${days} days')`);
  const dayOf = (column: string) =>
    pg ? sql.raw(`(${column} at time zone 'UTC')::date`) : sql.raw(`substr(${column}, 1, 10)`);
  const pad6 = (e: RawBuilder<unknown>) =>
    pg ? sql`lpad((${e})::text, 6, '0')` : sql`printf('%06d', ${e})`;
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

  const now = Date.now();
  const admin = await outside
    .selectFrom('users')
    .select('user_id')
    .where('email', '=', 'admin0@bench.local')
    .executeTakeFirstOrThrow();

  await step('fee plans', (db) => addFeePlans({ ...handle, db }));

  // A year of invoices: months -12 … -1, each issued on its first day and due on the 10th.
  const months = Array.from({ length: INVOICE_MONTHS }, (_, k) => {
    const period = monthOf(k - INVOICE_MONTHS);
    return { period, k: k + 1, due: `${period}-10`, issued: `${period}-01T01:00:00.000Z` };
  });
  const monthValues = sql.raw(
    months
      .map((m) => `(${quote(m.period)}, ${quote(m.due)}, ${quote(m.issued)}, ${m.k})`)
      .join(', '),
  );
  const issued = sql.ref('m.issued') as RawBuilder<unknown>;
  await step('invoices', (db) =>
    sql`
      insert into invoices (invoice_id, number, student_id, class_id, class_name, period, status,
        due_date, total, paid, issued_at, issued_by, created_by, created_at, updated_at)
      with m(period, due, issued, k) as (values ${monthValues}),
        f as (select student_id, min(class_id) as class_id from class_students group by student_id)
      select ${uuid},
        'HP-' || substr(m.period, 1, 4) || '-' || ${pad6(sql`row_number() over (partition by substr(m.period, 1, 4) order by m.period, f.student_id)`)},
        f.student_id, f.class_id, c.class_name, m.period, 'issued', ${asDate(sql.ref('m.due'))},
        ${sql.lit(MONTH_FEE)},
        case when m.k <= ${sql.lit(INVOICE_MONTHS - 2)} then ${sql.lit(MONTH_FEE)}
          when m.k = ${sql.lit(INVOICE_MONTHS - 1)} and (row_number() over (partition by m.period order by f.student_id)) % 2 = 0 then ${sql.lit(MONTH_FEE)}
          else 0 end,
        ${asTimestamp(issued)}, ${admin.user_id}, ${admin.user_id}, ${asTimestamp(issued)}, ${asTimestamp(issued)}
      from f
      inner join classes c on c.class_id = f.class_id
      cross join m
    `.execute(db),
  );
  await step('invoice numbers, lines, charges, payments, allocations', async (db) => {
    // The run issues its invoices after these numbers.
    await sql`
      insert into invoice_counters (year, last_number)
      select cast(substr(number, 4, 4) as integer), count(*) from invoices group by substr(number, 4, 4)
    `.execute(db);
    await sql`
      insert into invoice_lines (line_id, invoice_id, position, label, params, description, quantity,
        unit_amount, amount, charge_key)
      select ${uuid}, invoice_id, 0, 'month', '{"period":"' || period || '"}', null, 1, total, total, null
      from invoices
    `.execute(db);
    await sql`
      insert into ledger_entries (entry_id, student_id, kind, amount, method, occurred_on, note,
        reverses_entry_id, created_by, created_at, invoice_id)
      select ${uuid}, student_id, 'charge', total, null, ${dayOf('issued_at')}, null, null, issued_by,
        issued_at, invoice_id
      from invoices order by issued_at, student_id
    `.execute(db);
    await sql`
      insert into ledger_entries (entry_id, student_id, kind, amount, method, occurred_on, note,
        reverses_entry_id, created_by, created_at, invoice_id)
      select ${uuid}, student_id, 'payment', -paid, 'bank_transfer', ${dayOf('issued_at')}, null, null,
        issued_by, ${plusDays('issued_at', 5)}, invoice_id
      from invoices where paid > 0 order by issued_at, student_id
    `.execute(db);
    await sql`
      insert into invoice_allocations (invoice_id, student_id, amount, created_at)
      select invoice_id, student_id, paid, ${plusDays('issued_at', 5)}
      from invoices where paid > 0 order by issued_at, student_id
    `.execute(db);
  });

  // Every held lesson marked for every student of its class, by its teacher at its end.
  await step('attendance marks', (db) =>
    sql`
      insert into attendance_marks (schedule_id, student_id, status, marked_by, marked_at)
      select s.schedule_id, e.student_id,
        case ${randomBelow(20)} when 0 then 'absent' when 1 then 'excused' when 2 then 'late'
          else 'present' end,
        c.teacher_id, s.end_time
      from schedules s
      inner join classes c on c.class_id = s.class_id
      inner join class_students e on e.class_id = s.class_id
      where s.status = 'completed'
    `.execute(db),
  );
  await step('make-up credits', (db) =>
    sql`
      insert into makeup_credits (credit_id, student_id, class_id, missed_schedule_id, earned_at,
        expires_at, booked_schedule_id, booked_at, booked_by)
      select ${uuid}, a.student_id, s.class_id, a.schedule_id, a.marked_at,
        ${plusDays('s.start_time', 60)}, null, null, null
      from attendance_marks a
      inner join schedules s on s.schedule_id = a.schedule_id
      where a.status = 'excused'
    `.execute(db),
  );
  await step('lesson reports', (db) =>
    sql`
      insert into lesson_reports (schedule_id, covered, homework, created_at, created_by, updated_at,
        updated_by)
      select s.schedule_id, 'Unit ' || s.topic || ': reading, new words, a short dialogue',
        'Workbook pages 12-13', s.end_time, c.teacher_id, s.end_time, c.teacher_id
      from schedules s
      inner join classes c on c.class_id = s.class_id
      where s.status = 'completed'
    `.execute(db),
  );
  await step('materials', (db) =>
    sql`
      insert into class_materials (material_id, class_id, schedule_id, kind, title, description,
        search_title, url, file_name, content_type, size, created_by, created_at)
      with k(n) as (values (1), (2), (3), (4))
      select ${uuid}, c.class_id, null, 'link', 'Worksheet ' || k.n || ' of ' || c.class_name, null,
        'worksheet ' || k.n || ' of ' || c.search_name, 'https://example.com/worksheets/' || k.n,
        null, null, null, c.teacher_id, ${plusDays('c.created_at', -1)}
      from classes c cross join k
    `.execute(db),
  );

  // A parent for every two students (student 2k and 2k+1).
  const students = await outside
    .selectFrom('users')
    .select(['user_id', 'email'])
    .where('role', '=', 'student')
    .execute();
  const studentIds: string[] = [];
  for (const s of students) studentIds[Number(s.email.match(/^student(\d+)@/)![1])] = s.user_id;
  const parents = benchPeople('parent', Math.ceil(studentIds.length / 2));
  const passwordHash = await hashPassword(PASSWORD);
  await step('parents', async (db) => {
    await insertPeople({ ...handle, db }, parents, passwordHash, now);
    const links = studentIds.map((studentId, i) => ({
      student_id: studentId,
      parent_id: parents[Math.floor(i / 2)]!.id,
      created_at: new Date(now).toISOString(),
      created_by: admin.user_id,
    }));
    await inBatches(links, (chunk) => db.insertInto('student_parents').values(chunk).execute());
  });

  // Every teacher's own rate since a year ago; approved statements (three lines each) for the
  // months before the first lesson, so last month's run approves the lessons' statements.
  const teachers = await outside
    .selectFrom('users')
    .select(['user_id', 'full_name'])
    .where('role', '=', 'teacher')
    .orderBy('user_id')
    .execute();
  await step('teacher pay', (db) => teacherPay(db, teachers, admin.user_id, now));

  const analyzeStarted = performance.now();
  await sql`analyze`.execute(outside);
  steps.analyze = Number(((performance.now() - analyzeStarted) / 1000).toFixed(1));
  const db = outside;
  const rows: Record<string, number> = {};
  for (const table of [
    'users',
    'schedules',
    'invoices',
    'invoice_lines',
    'ledger_entries',
    'invoice_allocations',
    'attendance_marks',
    'makeup_credits',
    'student_parents',
    'teacher_pay_statements',
    'teacher_pay_lines',
    'lesson_reports',
    'class_materials',
  ] as const) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    rows[table] = Number(n);
  }
  return {
    parentEmail: parents[0]!.email,
    childId: studentIds[0]!,
    studentId: studentIds[0]!,
    teacherId: (
      await db
        .selectFrom('users')
        .select('user_id')
        .where('email', '=', 'teacher0@bench.local')
        .executeTakeFirstOrThrow()
    ).user_id,
    rows,
    steps,
  };
}

async function teacherPay(
  db: Kysely<Database>,
  teachers: { user_id: string; full_name: string }[],
  adminId: string,
  now: number,
) {
  const at = new Date(now).toISOString();
  await inBatches(teachers, (chunk) =>
    db
      .insertInto('teacher_pay_rates')
      .values(
        chunk.map((t) => ({
          rate_id: crypto.randomUUID(),
          teacher_id: t.user_id,
          class_id: null,
          kind: 'per_lesson' as const,
          amount: 250_000,
          effective_from: monthOf(-INVOICE_MONTHS),
          created_by: adminId,
          created_at: at,
        })),
      )
      .execute(),
  );
  // Months -12 … -4: the lessons (50 days back at most) start after them.
  const statements = teachers.flatMap((t) =>
    Array.from({ length: INVOICE_MONTHS - 3 }, (_, k) => {
      const month = monthOf(k - INVOICE_MONTHS);
      return {
        statement_id: crypto.randomUUID(),
        teacher_id: t.user_id,
        month,
        teacher_name: t.full_name,
        lessons: 3,
        minutes: 180,
        lesson_amount: 750_000,
        adjustments: 0,
        total: 750_000,
        approved_by: adminId,
        approved_at: new Date(Date.parse(`${month}-01T00:00:00Z`) + 40 * DAY).toISOString(),
      };
    }),
  );
  await inBatches(statements, (chunk) =>
    db.insertInto('teacher_pay_statements').values(chunk).execute(),
  );
  const lines = statements.flatMap((s) =>
    [0, 1, 2].map((position) => {
      const day = `${s.month}-${String(3 + position * 7).padStart(2, '0')}`;
      return {
        statement_id: s.statement_id,
        position,
        // Its lesson's id (a lesson of before, no longer in the data set).
        schedule_id: crypto.randomUUID(),
        lesson_date: day,
        class_id: null,
        class_name: 'A class of before',
        topic: `Lesson ${position + 1}`,
        substitute: false,
        started_at: `${day}T12:00:00.000Z`,
        ended_at: `${day}T13:00:00.000Z`,
        minutes: 60,
        time_source: 'schedule' as const,
        rate_kind: 'per_lesson' as const,
        rate_amount: 250_000,
        amount: 250_000,
      };
    }),
  );
  await inBatches(lines, (chunk) => db.insertInto('teacher_pay_lines').values(chunk).execute());
}
