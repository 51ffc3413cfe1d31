// The debts list's summary (issue 31 point 2: page 1 costs the same at 10× a center's data as at
// 1×), kept by the database itself in the transaction that changes an invoice, whatever code path
// changes it (an issue, a run, a payment, a reversal, a refund, a void, a deletion):
//
// - `debt_students`: one row per student with an open invoice (issued, paid < total), with how many
//   and the student's folded name (`users.search_name`, followed on rename), indexed by that name
//   then the id: a page of the list is read off the index in its order.
// - `debt_changes`: the totals over every debtor as additions only: each change of an open
//   invoice's outstanding adds a row (its due date, the amount's change, and +1/−1 when a student
//   starts or stops owing). Nothing is updated in place, so concurrent payments never wait on one
//   shared row (nor deadlock on two); the reader sums the rows (by due date, into the aged buckets
//   of its today) and folds them into one row per due date now and then (features/tuition/debts/debts.ts).
//
// An open invoice's contribution is its `total − paid` at its `due_date` for its `student_id`; the
// triggers take the old row's contribution away and add the new one's. Existing rows are summed in
// when the tables are made. SQLite runs one write transaction at a time; on PostgreSQL each
// student's count is changed by an upsert or an update whose RETURNING says whether the student
// started or stopped owing, under that row's lock, so the count of debtors stays exact when two
// transactions change one student's invoices at once.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

const OPEN = (row: string) => `${row}.status = 'issued' and ${row}.paid < ${row}.total`;
const SAME_PLACE = `old.student_id = new.student_id and old.due_date = new.due_date`;

const SQLITE_TRIGGERS = {
  // Opened: counted for its student (a new row when the student did not owe) and its due date.
  opened: (row: 'new') => `
    insert into debt_changes (due_date, debtors, amount) values (${row}.due_date,
      case when exists (select 1 from debt_students where student_id = ${row}.student_id) then 0 else 1 end,
      ${row}.total - ${row}.paid);
    insert into debt_students (student_id, search_name, invoices)
      values (${row}.student_id, coalesce((select search_name from users where user_id = ${row}.student_id), ''), 1)
      on conflict (student_id) do update set invoices = invoices + 1;`,
  // Closed: taken off, and the student's row gone with their last open invoice.
  closed: (row: 'old') => `
    insert into debt_changes (due_date, debtors, amount) values (${row}.due_date,
      case when (select invoices from debt_students where student_id = ${row}.student_id) = 1 then -1 else 0 end,
      ${row}.paid - ${row}.total);
    update debt_students set invoices = invoices - 1 where student_id = ${row}.student_id;
    delete from debt_students where student_id = ${row}.student_id and invoices <= 0;`,
};
const WATCHED = 'update of status, total, paid, due_date, student_id on invoices';

async function upSqlite(db: Kysely<unknown>) {
  const statements = [
    `create trigger debts_invoice_insert after insert on invoices for each row
      when ${OPEN('new')} begin ${SQLITE_TRIGGERS.opened('new')} end`,
    `create trigger debts_invoice_delete after delete on invoices for each row
      when ${OPEN('old')} begin ${SQLITE_TRIGGERS.closed('old')} end`,
    // Still open in the same place: only its amount moved.
    `create trigger debts_invoice_update_amount after ${WATCHED} for each row
      when ${OPEN('old')} and ${OPEN('new')} and ${SAME_PLACE}
        and old.total - old.paid <> new.total - new.paid
      begin
        insert into debt_changes (due_date, debtors, amount)
          values (new.due_date, 0, (new.total - new.paid) - (old.total - old.paid));
      end`,
    `create trigger debts_invoice_update_closed after ${WATCHED} for each row
      when ${OPEN('old')} and not (${OPEN('new')} and ${SAME_PLACE})
      begin ${SQLITE_TRIGGERS.closed('old')} end`,
    `create trigger debts_invoice_update_opened after ${WATCHED} for each row
      when ${OPEN('new')} and not (${OPEN('old')} and ${SAME_PLACE})
      begin ${SQLITE_TRIGGERS.opened('new')} end`,
    `create trigger debts_user_renamed after update of search_name on users for each row
      when old.search_name is not new.search_name
      begin
        update debt_students set search_name = new.search_name where student_id = new.user_id;
      end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function upPostgres(db: Kysely<unknown>) {
  await sql`
    create function debts_track_invoice() returns trigger language plpgsql as $$
    declare
      was_open boolean := false;
      is_open boolean := false;
      left_count integer;
    begin
      if tg_op <> 'INSERT' then was_open := ${sql.raw(OPEN('old'))}; end if;
      if tg_op <> 'DELETE' then is_open := ${sql.raw(OPEN('new'))}; end if;
      if was_open and is_open then
        if ${sql.raw(SAME_PLACE)} then
          if new.total - new.paid <> old.total - old.paid then
            insert into debt_changes (due_date, debtors, amount)
              values (new.due_date, 0, (new.total - new.paid) - (old.total - old.paid));
          end if;
          return null;
        end if;
      end if;
      if was_open then
        update debt_students set invoices = invoices - 1 where student_id = old.student_id
          returning invoices into left_count;
        if left_count <= 0 then
          delete from debt_students where student_id = old.student_id;
        end if;
        insert into debt_changes (due_date, debtors, amount)
          values (old.due_date, case when left_count <= 0 then -1 else 0 end, old.paid - old.total);
      end if;
      if is_open then
        insert into debt_students (student_id, search_name, invoices)
          values (new.student_id, coalesce((select search_name from users where user_id = new.student_id), ''), 1)
          on conflict (student_id) do update set invoices = debt_students.invoices + 1
          returning invoices into left_count;
        insert into debt_changes (due_date, debtors, amount)
          values (new.due_date, case when left_count = 1 then 1 else 0 end, new.total - new.paid);
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger debts_invoice after insert or delete or update of status, total, paid, due_date, student_id
    on invoices for each row execute function debts_track_invoice()
  `.execute(db);
  await sql`
    create function debts_track_user() returns trigger language plpgsql as $$
    begin
      update debt_students set search_name = new.search_name where student_id = new.user_id;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger debts_user_renamed after update of search_name on users for each row
    when (old.search_name is distinct from new.search_name) execute function debts_track_user()
  `.execute(db);
}

export function debtSummaryMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const money = pg ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('debt_students')
        .addColumn('student_id', 'text', (c) => c.primaryKey())
        .addColumn('search_name', 'text', (c) => c.notNull())
        .addColumn('invoices', 'integer', (c) => c.notNull())
        .execute();
      // Code point order on either database (SQLite compares text's bytes; PostgreSQL's "C"), as
      // the list has always been sorted.
      await sql
        .raw(
          pg
            ? 'create index debt_students_by_name on debt_students (search_name collate "C", student_id collate "C")'
            : 'create index debt_students_by_name on debt_students (search_name, student_id)',
        )
        .execute(db);
      await db.schema
        .createTable('debt_changes')
        .addColumn('due_date', pg ? 'date' : 'text')
        .addColumn('debtors', 'integer', (c) => c.notNull())
        .addColumn('amount', money, (c) => c.notNull())
        .execute();
      // On PostgreSQL another process (an older one, during an upgrade) may still change
      // invoices: none may commit between the fill below and the triggers, or its change would
      // be missing from the tables for good. The lock holds writers until this migration commits.
      if (pg) await sql`lock table invoices in share row exclusive mode`.execute(db);
      await sql`
        insert into debt_students (student_id, search_name, invoices)
        select i.student_id, coalesce(min(u.search_name), ''), count(*)
        from invoices i left join users u on u.user_id = i.student_id
        where ${sql.raw(OPEN('i'))}
        group by i.student_id
      `.execute(db);
      await sql`
        insert into debt_changes (due_date, debtors, amount)
        select i.due_date, 0, sum(i.total - i.paid)
        from invoices i
        where ${sql.raw(OPEN('i'))}
        group by i.due_date
      `.execute(db);
      await sql`
        insert into debt_changes (due_date, debtors, amount)
        select null, count(*), 0 from debt_students
      `.execute(db);
      await (pg ? upPostgres(db) : upSqlite(db));
    },
    async down(db: Kysely<unknown>) {
      if (pg) {
        await sql`drop trigger debts_invoice on invoices`.execute(db);
        await sql`drop trigger debts_user_renamed on users`.execute(db);
        await sql`drop function debts_track_invoice()`.execute(db);
        await sql`drop function debts_track_user()`.execute(db);
      } else {
        for (const name of [
          'debts_invoice_insert',
          'debts_invoice_delete',
          'debts_invoice_update_amount',
          'debts_invoice_update_closed',
          'debts_invoice_update_opened',
          'debts_user_renamed',
        ]) {
          await sql.raw(`drop trigger ${name}`).execute(db);
        }
      }
      await db.schema.dropTable('debt_changes').execute();
      await db.schema.dropTable('debt_students').execute();
    },
  };
}
