// Substring search that seeks an index (issue 31 point 2): the admin's user search
// (`/api/users?role=student&q=…`) matched `search_name like '%…%' or email like '%…%'` by reading
// every user, so it grew with the number of students (2.6–4.3× from 5,000 to 50,000). Trigram
// indexes answer "contains" without reading every row, on each database its own way:
// - PostgreSQL: pg_trgm's GIN indexes (gin_trgm_ops) serve the very `like '%…%' escape '\'` that
//   containsFolded writes (a bitmap index scan), so no query changes. pg_trgm ships with
//   PostgreSQL's contrib package; where it is not installed or the role may not create it, the
//   indexes are skipped (a warning, not a failure): search still works, by reading every row.
//   The extension is kept by `down` (it may have been there before, and other things may use it).
//   fastupdate is off: with it, rows written since the last vacuum wait in a pending list that every
//   search reads through (measured: 8.5 ms to find nothing among 50,000 freshly added users, 0.2 ms
//   after a vacuum); users are written rarely and searched often.
// - SQLite: an FTS5 table with the trigram tokenizer over users(search_name, email), external
//   content (it stores only the index, reading the text from users by rowid), kept by triggers on
//   every insert, update and delete of users, filled here from the users already there. The
//   queries ask it first (searchUsersFolded in db/search.ts) and check the LIKE on what it finds.
//   Its rowids are users' rowids: a later migration that rebuilds the users table copies the
//   rows, which renumbers them, so rebuildSqliteTable refills it afterwards (FTS5's 'rebuild').
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../connection.ts';

/** PostgreSQL's trigram indexes: the folded names and e-mails searched by containsFolded. */
const PG_INDEXES = [
  { name: 'users_search_name_trgm', table: 'users', column: 'search_name' },
  { name: 'users_email_trgm', table: 'users', column: 'email' },
  { name: 'classes_search_name_trgm', table: 'classes', column: 'search_name' },
  { name: 'class_materials_search_title_trgm', table: 'class_materials', column: 'search_title' },
] as const;

async function upPostgres(db: Kysely<unknown>) {
  // One block, so a missing or forbidden extension rolls back only itself (a subtransaction),
  // not the migration's transaction.
  const creates = PG_INDEXES.map(
    (index) =>
      `create index if not exists ${index.name} on ${index.table} using gin (${index.column} gin_trgm_ops) with (fastupdate = off);`,
  ).join('\n    ');
  await sql
    .raw(`do $$
  begin
    create extension if not exists pg_trgm;
    ${creates}
  exception when others then
    raise notice 'pg_trgm unavailable: %', sqlerrm;
  end $$`)
    .execute(db);
  const made = await sql<{ n: number | string }>`
    select count(*) as n from pg_indexes where indexname = ${PG_INDEXES[0].name}
  `.execute(db);
  if (Number(made.rows[0]?.n ?? 0) === 0) {
    console.warn(
      'migration 046-search-trigrams: the pg_trgm extension is not available; ' +
        'substring search will read every row (install PostgreSQL contrib to index it)',
    );
  }
}

async function downPostgres(db: Kysely<unknown>) {
  for (const index of PG_INDEXES) {
    await db.schema.dropIndex(index.name).ifExists().execute();
  }
}

/** The FTS5 trigram index of users' folded names and e-mails, and the triggers that keep it. */
const SQLITE_UP = [
  `create virtual table users_search using fts5(
    search_name, email, content = 'users', tokenize = 'trigram case_sensitive 0'
  )`,
  `create trigger users_search_insert after insert on users begin
    insert into users_search (rowid, search_name, email)
    values (new.rowid, new.search_name, new.email);
  end`,
  `create trigger users_search_delete after delete on users begin
    insert into users_search (users_search, rowid, search_name, email)
    values ('delete', old.rowid, old.search_name, old.email);
  end`,
  `create trigger users_search_update after update of search_name, email on users begin
    insert into users_search (users_search, rowid, search_name, email)
    values ('delete', old.rowid, old.search_name, old.email);
    insert into users_search (rowid, search_name, email)
    values (new.rowid, new.search_name, new.email);
  end`,
  `insert into users_search (users_search) values ('rebuild')`,
];

const SQLITE_DOWN = [
  'drop trigger if exists users_search_update',
  'drop trigger if exists users_search_delete',
  'drop trigger if exists users_search_insert',
  'drop table if exists users_search',
];

export function searchTrigramsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') return upPostgres(db);
      for (const statement of SQLITE_UP) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') return downPostgres(db);
      for (const statement of SQLITE_DOWN) await sql.raw(statement).execute(db);
    },
  };
}
