// Substring search through trigram indexes (migration 046, issue 31 point 2): the users search finds
// exactly what the plain LIKE found (accents folded, case ignored, % and _ typed literally, text of
// 1 or 2 characters too), the index follows every insert, rename, e-mail change and delete
// (SQLite's triggers), and the migration goes up, down and up again over existing users.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { foldForSearch } from '#common/search.ts';
import { rebuildSqliteTable } from '#server/db/migrations/rebuild-sqlite-table.ts';
import type { Database } from '#server/db/schema.ts';
import { containsFolded, userContainsFolded } from '#server/db/search.ts';
import { listUsers } from '#server/features/users/queries.ts';
import { earlyDatabase } from '../helpers/early-database.ts';
import { type Account, createAccount } from '../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;
let db: Kysely<Database>;
let sqlite: boolean;
let anh: Account;
let minh: Account;

const STUDENTS = [
  { full_name: 'Nguyễn Thị Ánh', email: 'anh.nguyen@school.vn' },
  { full_name: 'Trần Đức Minh', email: 'minh.tran@school.vn' },
  { full_name: 'Lê 100% Vui', email: 'vui_le@school.vn' },
  { full_name: 'Phạm 1000 Vui', email: 'vuixle@school.vn' },
];

/** The students whose name or e-mail contains `typed`, by name (all pages: at most a few). */
async function found(typed: string, role = 'student') {
  const response = await admin.get(
    `/api/users?role=${role}&sort=name&q=${encodeURIComponent(typed)}`,
  );
  expect(response.status, response.text).toBe(200);
  expect(response.body.total).toBe(response.body.items.length);
  return (response.body.items as { full_name: string }[]).map((u) => u.full_name);
}

/** What the plain LIKE (containsFolded over every user) finds: what the index must give. */
async function likeFinds(typed: string) {
  const q = foldForSearch(typed);
  const rows = await db
    .selectFrom('users')
    .select('user_id')
    .where((eb) =>
      eb.or([containsFolded(eb.ref('search_name'), q), containsFolded(eb.ref('email'), q)]),
    )
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

async function indexFinds(typed: string) {
  const q = foldForSearch(typed);
  const rows = await db
    .selectFrom('users')
    .select('user_id')
    .where(userContainsFolded(db, 'users', q))
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** SQLite: the FTS index agrees with the users table it indexes (throws if not). */
async function checkIndex() {
  if (!sqlite) return;
  await sql`insert into users_search (users_search, rank) values ('integrity-check', 1)`.execute(
    db,
  );
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  db = server.server.ctx.database.db;
  sqlite = server.server.ctx.database.dialect === 'sqlite';
  [anh, minh] = [
    await createAccount(server, admin, 'student', STUDENTS[0]!),
    await createAccount(server, admin, 'student', STUDENTS[1]!),
  ];
  for (const student of STUDENTS.slice(2)) await createAccount(server, admin, 'student', student);
  await createAccount(server, admin, 'teacher', {
    full_name: 'Nguyễn Ánh Giáo',
    email: 'teacher.anh@school.vn',
  });
});
afterAll(() => server.close());

describe('the users search finds what the LIKE found', () => {
  test('accented names are found by unaccented text, and by accented or upper-case text', async () => {
    expect(await found('thi anh')).toEqual(['Nguyễn Thị Ánh']);
    expect(await found('THỊ ÁNH')).toEqual(['Nguyễn Thị Ánh']);
    expect(await found('duc minh')).toEqual(['Trần Đức Minh']);
    expect(await found('nguyen')).toEqual(['Nguyễn Thị Ánh']);
    expect(await found('nguyen', 'teacher')).toEqual(['Nguyễn Ánh Giáo']);
  });

  test('e-mail substrings, in any case', async () => {
    expect(await found('minh.tr')).toEqual(['Trần Đức Minh']);
    expect(await found('MINH.TRAN@')).toEqual(['Trần Đức Minh']);
    expect(await found('@school.vn')).toHaveLength(4);
  });

  test('text of 1 or 2 characters (shorter than a trigram) still searches', async () => {
    expect(await found('uc')).toEqual(['Trần Đức Minh']);
    expect(await found('Đ')).toEqual(['Trần Đức Minh']);
  });

  test("'%' and '_' typed are literal, not wildcards", async () => {
    expect(await found('100%')).toEqual(['Lê 100% Vui']);
    expect(await found('0%')).toEqual(['Lê 100% Vui']);
    expect(await found('i_le')).toEqual(['Lê 100% Vui']);
    expect(await found('_l')).toEqual(['Lê 100% Vui']);
    expect(await found('%%%')).toEqual([]);
  });

  test('quotes and FTS5 operators typed are plain text, not query syntax', async () => {
    expect(await found('"')).toEqual([]);
    expect(await found('anh" OR "minh')).toEqual([]);
    expect(await found('minh OR anh')).toEqual([]);
    expect(await found('NEAR(anh minh)')).toEqual([]);
    expect(await found('vui*')).toEqual([]);
  });

  test.each(['anh', 'thi anh', 'school', '100%', 'i_le', 'vui', 'le ', 'n.t', '@', 'x'])(
    "'%s': the index finds exactly the users the LIKE finds",
    async (typed) => {
      expect(await indexFinds(typed)).toEqual(await likeFinds(typed));
    },
  );

  test('SQLite: a search of 3 characters or more reads the trigram index', async () => {
    if (!sqlite) return;
    const compiled = db
      .selectFrom('users')
      .select('user_id')
      .where(userContainsFolded(db, 'users', 'student 42'))
      .compile();
    const plan = await sql<{ detail: string }>`explain query plan ${sql.raw(compiled.sql)}`.execute(
      db,
    );
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/users_search VIRTUAL TABLE/);
  });
});

describe('the index follows every change of the users', () => {
  test('a renamed user is found by the new name, no longer by the old one', async () => {
    const renamed = await admin.patch(`/api/users/${anh.user.user_id}`, {
      full_name: 'Hoàng Văn Bảy',
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await found('van bay')).toEqual(['Hoàng Văn Bảy']);
    expect(await found('thi anh')).toEqual([]);
    // Found by the e-mail still, which did not change.
    expect(await found('anh.nguyen')).toEqual(['Hoàng Văn Bảy']);
    await checkIndex();
  });

  test('a changed e-mail is found, the old one no longer', async () => {
    const changed = await admin.patch(`/api/users/${anh.user.user_id}`, {
      email: 'bay.hoang@school.vn',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(await found('bay.hoang')).toEqual(['Hoàng Văn Bảy']);
    expect(await found('anh.nguyen')).toEqual([]);
    await checkIndex();
  });

  test('a deleted (deactivated) user is no longer listed', async () => {
    const deleted = await admin.delete(`/api/users/${minh.user.user_id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await found('duc minh')).toEqual([]);
    expect(await found('minh.tran')).toEqual([]);
    await checkIndex();
  });

  test('rows written, changed and removed straight in the table are indexed alike', async () => {
    const at = new Date().toISOString();
    const yes = sqlite ? 1 : true;
    const add = async (id: string, name: string, email: string) => {
      await sql`insert into auth_credentials (auth_id, password_hash, must_change_password, password_changed_at, created_at)
        values (${`auth-${id}`}, 'x', ${yes}, ${at}, ${at})`.execute(db);
      await sql`insert into users (user_id, auth_id, email, full_name, search_name, role, username, is_active, created_at, updated_at)
        values (${id}, ${`auth-${id}`}, ${email}, ${name}, ${foldForSearch(name)}, 'student', ${id}, ${yes}, ${at}, ${at})`.execute(
        db,
      );
    };
    await add('direct-1', 'Vũ Quốc Khánh', 'khanh.vu@direct.vn');
    await add('direct-2', 'Đặng Gia Hân', 'han.dang@direct.vn');
    expect(await found('quoc khanh')).toEqual(['Vũ Quốc Khánh']);
    await db
      .updateTable('users')
      .set({ full_name: 'Vũ Quốc Bảo', search_name: 'vu quoc bao' })
      .where('user_id', '=', 'direct-1')
      .execute();
    expect(await found('quoc khanh')).toEqual([]);
    expect(await found('quoc bao')).toEqual(['Vũ Quốc Bảo']);
    // A row deleted outright (the API only deactivates): the delete trigger runs.
    await db.deleteFrom('users').where('user_id', '=', 'direct-2').execute();
    await db.deleteFrom('auth_credentials').where('auth_id', '=', 'auth-direct-2').execute();
    expect(await found('gia han')).toEqual([]);
    expect(await found('han.dang')).toEqual([]);
    // The newest row's rowid is taken again by the next insert: it carries nothing of the old one.
    await add('direct-3', 'Bùi Thanh Tâm', 'tam.bui@direct.vn');
    expect(await found('gia han')).toEqual([]);
    expect(await found('thanh tam')).toEqual(['Bùi Thanh Tâm']);
    expect(await found('@direct.vn')).toEqual(['Bùi Thanh Tâm', 'Vũ Quốc Bảo']);
    await checkIndex();
    for (const typed of ['quoc', 'direct', 'han.d', 'school.vn']) {
      expect(await indexFinds(typed)).toEqual(await likeFinds(typed));
    }
  });
});

test('SQLite: a later migration that rebuilds the users table leaves the index right (rowids renumbered)', async () => {
  if (!sqlite) return;
  // A deleted row leaves a gap the copy closes, so the rowid of the user after it changes.
  const at = new Date().toISOString();
  for (const [id, name] of [
    ['gap-1', 'Hồ Văn Khoảng'],
    ['gap-2', 'Đỗ Thị Sau'],
  ] as const) {
    await sql`insert into auth_credentials (auth_id, password_hash, must_change_password, password_changed_at, created_at)
      values (${`auth-${id}`}, 'x', 1, ${at}, ${at})`.execute(db);
    await sql`insert into users (user_id, auth_id, email, full_name, search_name, role, username, is_active, created_at, updated_at)
      values (${id}, ${`auth-${id}`}, ${`${id}@gap.vn`}, ${name}, ${foldForSearch(name)}, 'student', ${id}, 1, ${at}, ${at})`.execute(
      db,
    );
  }
  const gapRowid = Number(
    (await sql<{ rowid: number }>`select rowid from users where user_id = 'gap-1'`.execute(db))
      .rows[0]!.rowid,
  );
  await db.deleteFrom('users').where('user_id', '=', 'gap-1').execute();
  // A changed CHECK, as the migrations that rebuild a table make: SQLite then copies row by row
  // (no transfer of the pages as they are), so the rowids are given anew.
  await rebuildSqliteTable(db, 'users', 'test-rebuild', (create) =>
    create.replace(/\)\s*$/, ', check (length(user_id) > 0))'),
  );
  const renumbered = await sql<{
    rowid: number;
  }>`select rowid from users where user_id = 'gap-2'`.execute(db);
  expect(renumbered.rows[0]!.rowid).toBe(gapRowid);
  await checkIndex();
  expect(await found('thi sau')).toEqual(['Đỗ Thị Sau']);
  for (const typed of ['anh', 'quoc', 'school.vn', 'thanh tam', 'vui', 'thi sau', 'gap.vn']) {
    expect(await indexFinds(typed)).toEqual(await likeFinds(typed));
  }
});

test('migration 046 goes up, down and up again over existing users', async () => {
  const early = await earlyDatabase('045-partial-indexes', {
    teacher: 'Trần Văn Đức',
    className: 'Tiếng Anh Giao Tiếp',
  });
  try {
    const { migrator, handle } = early;
    const raw = early.db;
    await raw.updateTable('users').set({ search_name: 'tran van duc' }).execute();
    const typed = handle.db as Kysely<Database>;
    const teachers = async (q: string) =>
      (await listUsers(typed, 'teacher', { page: 1, q, sort: 'name' })).items.map(
        (u) => u.full_name,
      );
    const indexes = async () =>
      handle.dialect === 'sqlite'
        ? (
            await sql<{ name: string }>`
              select name from sqlite_master where name like 'users_search%' and type in ('table', 'trigger')
              order by name`.execute(raw)
          ).rows.map((r) => r.name)
        : (
            await sql<{ name: string }>`
              select indexname as name from pg_indexes where indexname like '%_trgm' order by indexname
            `.execute(raw)
          ).rows.map((r) => r.name);

    expect((await migrator.migrateTo('046-search-trigrams')).error).toBeUndefined();
    const made = await indexes();
    expect(made.length).toBeGreaterThan(0);
    expect(await teachers('van duc')).toEqual(['Trần Văn Đức']);
    expect(await teachers('x.vn')).toEqual(['Trần Văn Đức']);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await indexes()).toEqual([]);
    // A teacher added while the index is gone is found once it is back.
    await raw
      .insertInto('auth_credentials')
      .values({
        auth_id: 'a2',
        password_hash: 'x',
        must_change_password: early.yes,
        password_changed_at: at(),
        created_at: at(),
      })
      .execute();
    await raw
      .insertInto('users')
      .values({
        user_id: 'u2',
        auth_id: 'a2',
        email: 'second@x.vn',
        full_name: 'Lê Thị Hoa',
        search_name: 'le thi hoa',
        role: 'teacher',
        username: 'second',
        is_active: early.yes,
        created_at: at(),
        updated_at: at(),
      })
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await indexes()).toEqual(made);
    expect(await teachers('thi hoa')).toEqual(['Lê Thị Hoa']);
    expect(await teachers('van duc')).toEqual(['Trần Văn Đức']);
    expect(await teachers('x.vn')).toEqual(['Lê Thị Hoa', 'Trần Văn Đức']);
    if (handle.dialect === 'sqlite') {
      await sql`insert into users_search (users_search, rank) values ('integrity-check', 1)`.execute(
        raw,
      );
    }
  } finally {
    await early.close();
  }
});

function at() {
  return new Date().toISOString();
}
