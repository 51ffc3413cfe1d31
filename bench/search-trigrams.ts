// The admin's user search at 1× and 10× (issue 31 point 2: no request grows by more than 2× from
// 5,000 to 50,000 students): listUsers for 'student 42' and 'nobody' on a fresh, migrated
// database filled as bench:school names its students ('student 0', … 'student0@bench.local'),
// timed (median of sequential calls) as listUsers runs it now and, for comparison, in the query's
// shape before migration 046 (the plain LIKE, sorted and cut in one query: on SQLite it reads every
// user; on PostgreSQL the trigram indexes exist then too, which the planner takes or not); with the
// plans.
//   node bench/search-trigrams.ts [--postgres postgres://…/some_scratch_db] [--rounds 50]
// The PostgreSQL database named is dropped and made again for each size.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { PAGE_SIZE } from '#common/constants.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Database } from '#server/db/schema.ts';
import { containsFolded } from '#server/db/search.ts';
import { listUsers } from '#server/features/users/queries.ts';
import { explainAll, queriesOf } from './explain.ts';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'string' },
    rounds: { type: 'string', default: '50' },
  },
});
const ROUNDS = Number(args.rounds);
const SIZES = [5_000, 50_000];
const SEARCHES = ['student 42', 'nobody'];

/** `count` students in one statement each for their credentials and their accounts. */
async function fill(handle: DatabaseHandle, count: number) {
  const { db } = handle;
  if (handle.dialect === 'postgres') {
    await sql`
      insert into auth_credentials (auth_id, password_hash, must_change_password, password_changed_at, created_at)
      select 'auth-' || i, 'not-a-hash', false, now(), now() from generate_series(0, ${count - 1}) as i
    `.execute(db);
    await sql`
      insert into users (user_id, auth_id, email, full_name, search_name, role, username, is_active,
        avatar_url, phone, created_at, updated_at, created_by)
      select 'user-' || i, 'auth-' || i, 'student' || i || '@bench.local', 'Student ' || i,
        'student ' || i, 'student', 'student' || i || '_0000', true, null, null,
        now() - i * interval '1 second', now(), null
      from generate_series(0, ${count - 1}) as i
    `.execute(db);
    await sql`analyze`.execute(db);
    return;
  }
  const numbers = sql`with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${count})`;
  await sql`
    ${numbers}
    insert into auth_credentials (auth_id, password_hash, must_change_password, password_changed_at, created_at)
    select 'auth-' || i, 'not-a-hash', 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now') from n
  `.execute(db);
  await sql`
    ${numbers}
    insert into users (user_id, auth_id, email, full_name, search_name, role, username, is_active,
      avatar_url, phone, created_at, updated_at, created_by)
    select 'user-' || i, 'auth-' || i, 'student' || i || '@bench.local', 'Student ' || i,
      'student ' || i, 'student', 'student' || i || '_0000', 1, null, null,
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || i || ' seconds'),
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), null
    from n
  `.execute(db);
  await sql`analyze`.execute(db);
}

/** listUsers's search query as it was before migration 046. */
function scanSearch(db: Kysely<Database>, q: string) {
  return db
    .selectFrom('users')
    .where('role', '=', 'student')
    .where('is_active', '=', true)
    .where((eb) =>
      eb.or([containsFolded(eb.ref('search_name'), q), containsFolded(eb.ref('email'), q)]),
    )
    .select(['user_id', sql<number | string>`count(*) over ()`.as('total')])
    .orderBy('created_at', 'desc')
    .orderBy('user_id')
    .limit(PAGE_SIZE)
    .execute();
}

async function median(work: () => Promise<unknown>) {
  await work();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function openFresh(dialect: 'sqlite' | 'postgres', dataDir: string) {
  if (dialect === 'sqlite') return openDatabase({ dataDir });
  const url = new URL(args.postgres!);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: new URL('/postgres', url).toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  return openDatabase({ dataDir, databaseUrl: args.postgres! });
}

const results: string[] = [];
const plans: string[] = [];
for (const dialect of args.postgres ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
  const times: Record<string, number[]> = {};
  for (const size of SIZES) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-trigrams-'));
    const handle = await openFresh(dialect, dataDir);
    try {
      await migrateToLatest(handle);
      await fill(handle, size);
      for (const q of SEARCHES) {
        const search = () => listUsers(handle.db, 'student', { page: 1, q, sort: '-created_at' });
        const found = (await search()).total;
        const indexed = await median(search);
        const scanned = await median(() => scanSearch(handle.db, q));
        times[q] = [...(times[q] ?? []), indexed, scanned];
        results.push(
          `| ${dialect} | ${size} | '${q}' | ${found} | ${indexed.toFixed(2)} | ${scanned.toFixed(2)} |`,
        );
        if (size === SIZES.at(-1)) {
          plans.push(
            ...(await explainAll(
              handle,
              `${dialect}, ${size} students, '${q}'`,
              await queriesOf(handle, (db) =>
                listUsers(db, 'student', { page: 1, q, sort: '-created_at' }),
              ),
            )),
          );
        }
      }
    } finally {
      await handle.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }
  for (const [q, [i1, s1, i10, s10]] of Object.entries(times)) {
    results.push(
      `| ${dialect} | 10× / 1× | '${q}' | | ${(i10! / i1!).toFixed(2)}× | ${(s10! / s1!).toFixed(2)}× |`,
    );
  }
}
console.log(`## listUsers search, median of ${ROUNDS} sequential calls (ms)\n`);
console.log('| database | students | q | found | listUsers now | query before 046 |');
console.log('|---|---:|---|---:|---:|---:|');
for (const line of results) console.log(line);
console.log('\n```');
for (const line of plans) console.log(line);
console.log('```');
