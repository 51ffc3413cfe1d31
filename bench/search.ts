// npm run bench:search — the students list searched without accents at 10× a school's data
// (product.md, Deviations): 50,000 students with Vietnamese names, the real server on the embedded
// database, one request at a time as a person typing sends them; the time per request from the
// request to the parsed reply (target: under 20 ms).
//   node bench/search.ts [--students 50000] [--rounds 40]
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { searchName } from '#server/db/search.ts';
import { startServerProcess } from '../tests/helpers/server-process.ts';
import { TestClient } from '../tests/helpers/test-server.ts';

const { values: args } = parseArgs({
  options: {
    students: { type: 'string', default: '50000' },
    rounds: { type: 'string', default: '40' },
  },
});
const STUDENTS = Number(args.students);
const ROUNDS = Number(args.rounds);

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Đức', 'Thu', 'Ngọc', 'Quốc', 'Thanh', 'Hữu', 'Gia'];
const GIVEN = ['An', 'Bình', 'Châu', 'Dũng', 'Giang', 'Hà', 'Hải', 'Hạnh', 'Hùng', 'Khánh'];
const MORE = ['Lan', 'Linh', 'Mai', 'Nam', 'Phúc', 'Quân', 'Tâm', 'Thảo', 'Trang', 'Yến'];
const pick = (list: string[], i: number) => list[i % list.length]!;
const nameOf = (i: number) =>
  `${pick(FAMILY, i)} ${pick(MIDDLE, Math.floor(i / 10))} ${pick([...GIVEN, ...MORE], Math.floor(i / 100))}`;

/** 50,000 students straight into the database, in batches, as bench:school seeds. */
async function seed(dataDir: string) {
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle);
  const { db } = handle;
  const now = new Date().toISOString();
  for (let start = 0; start < STUDENTS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, STUDENTS - start) }, (_, k) => {
      const i = start + k;
      return { i, auth: randomUUID(), name: nameOf(i) };
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('auth_credentials')
        .values(
          rows.map((r) => ({
            auth_id: r.auth,
            password_hash: 'not-a-hash',
            must_change_password: false,
            password_changed_at: now,
            created_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('users')
        .values(
          rows.map((r) => ({
            user_id: randomUUID(),
            auth_id: r.auth,
            email: `student${r.i}@bench.local`,
            full_name: r.name,
            search_name: searchName(r.name),
            role: 'student' as const,
            username: `student${r.i}_0000`,
            is_active: true,
            avatar_url: null,
            phone: null,
            created_at: new Date(Date.parse(now) - r.i * 60_000).toISOString(),
            updated_at: now,
            created_by: null,
          })),
        )
        .execute();
    });
  }
  await handle.close();
}

const SEARCHES = [
  ['no search (newest first)', ''],
  ["'tran' (a family name: 1 in 10 match)", '&q=tran'],
  ["'duc' (Đức: Đ folds to d)", '&q=duc'],
  ["'nguyen van an' (a few match)", '&q=nguyen%20van%20an'],
  ["'student4242' (an email)", '&q=student4242'],
  ["'xyz' (nothing matches)", '&q=xyz'],
  ["'tran' by name", '&q=tran&sort=name'],
  ['by name, page 100', '&sort=name&page=100'],
] as const;

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-search-'));
const admin = { email: 'admin@search.bench', password: 'search-bench-password' };
const seedStarted = performance.now();
await seed(dataDir);
const seedSeconds = ((performance.now() - seedStarted) / 1000).toFixed(1);
const server = await startServerProcess(
  {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
  },
  60_000,
);
try {
  const client = new TestClient(server.baseUrl);
  await client.login(admin.email, admin.password);
  console.log(
    `## bench:search — ${new Date().toISOString()}, ${STUDENTS} students, SQLite, ` +
      `${ROUNDS} requests each, one at a time (seeded in ${seedSeconds} s)\n`,
  );
  console.log('| students list | found | median ms | p95 ms | worst ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [label, query] of SEARCHES) {
    const url = `/api/users?role=student${query}`;
    await client.get(url); // warm: the first request compiles the route's schemas
    const times: number[] = [];
    let found = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const response = await client.get(url);
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(response.text);
      found = response.body.total;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    console.log(
      `| ${label} | ${found} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`,
    );
  }
} finally {
  await server.kill('SIGTERM');
  await fs.rm(dataDir, { recursive: true, force: true });
}
