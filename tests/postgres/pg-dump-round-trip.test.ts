// Issue 30, 'Backups and restore' on PostgreSQL (docs/decisions/042-backups.md, README 'Backups
// and restore'): the database is backed up by its own tools. The README's commands, run against
// the real server: a database filled through the app, `pg_dump -Fc`, `pg_restore` into a new
// database, the app started on it, the data read back through HTTP. pg_dump and pg_restore must
// be installed (CI installs the PostgreSQL client): without them this test fails, never skips.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { createAccount } from '../helpers/factories.ts';
import { createClass, runningFromToday } from '../helpers/school.ts';
import { ADMIN, startTestServer, type TestServer } from '../helpers/test-server.ts';

const run = promisify(execFile);

let source: TestServer;
let restoredDatabase: string;
let restoredUrl: string;
let dumpFolder: string;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  source = await startTestServer({ database: await createTestDatabase('postgres'), jobs: false });
  dumpFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-pg-dump-'));
  restoredDatabase = `edu_restored_${Date.now().toString(36)}`;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${restoredDatabase}`;
  restoredUrl = url.toString();
});
afterAll(async () => {
  const database: TestDatabase | undefined = source?.database;
  await source?.close();
  await database?.drop();
  await adminQuery(`drop database if exists ${restoredDatabase} with (force)`);
  await fs.rm(dumpFolder, { recursive: true, force: true });
});

test('a database filled through the app, dumped with pg_dump -Fc and restored with pg_restore into a new database, serves the same data', async () => {
  const admin = await source.admin();
  const teacher = await createAccount(source, admin, 'teacher', { full_name: 'Cô Lan Dump' });
  const klass = await createClass(admin, teacher.user.user_id, runningFromToday(30));
  const room = await admin.post('/api/rooms', { name: 'Phòng pg_dump' });
  expect(room.status).toBe(201);

  // The README's commands.
  const dump = path.join(dumpFolder, 'edu-center.dump');
  await run('pg_dump', ['-Fc', '-f', dump, source.database.databaseUrl as string]);
  expect((await fs.stat(dump)).size).toBeGreaterThan(0);
  await adminQuery(`create database ${restoredDatabase}`);
  await run('pg_restore', ['--no-owner', '-d', restoredUrl, dump]);

  // The app started on the restored database reads the same people, class and room.
  const restoredDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-pg-restored-'));
  const restored = await startTestServer({
    database: { dataDir: restoredDir, databaseUrl: restoredUrl, drop: async () => {} },
    jobs: false,
  });
  try {
    const client = restored.client();
    await client.login(ADMIN.email, ADMIN.password);
    const teachers = await client.get('/api/users?role=teacher');
    expect(teachers.status, teachers.text).toBe(200);
    expect(JSON.stringify(teachers.body)).toContain('Cô Lan Dump');
    const classRead = await client.get(`/api/classes/${klass.class_id}`);
    expect(classRead.status, classRead.text).toBe(200);
    expect(classRead.body.class_name ?? classRead.body.class?.class_name).toBe(klass.class_name);
    const rooms = await client.get('/api/rooms');
    expect(JSON.stringify(rooms.body)).toContain('Phòng pg_dump');
    // The teacher's password came along: they sign in on the restored copy.
    const teacherThere = restored.client();
    await teacherThere.login(teacher.email, teacher.password);
    const session = await teacherThere.get('/api/auth/session');
    expect(session.body.user).toMatchObject({ email: teacher.email });
  } finally {
    await restored.close();
    await fs.rm(restoredDir, { recursive: true, force: true });
  }
});
