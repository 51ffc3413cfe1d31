// Issue 30, 'Backups and restore' (docs/decisions/042-backups.md): a backup of a database with
// every table filled, made while requests keep writing rows and uploading files, restored by the
// restore script (a child process) into a fresh data folder, equals the source at one instant:
// every table and every file. On the embedded database only: on PostgreSQL the database is the
// server's own to back up (pg-dump-round-trip.test.ts), and this file checks the files' copy.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testDialect } from '../../helpers/database.ts';
import { createAccount } from '../../helpers/factories.ts';
import { JPEG_1x1, PNG_1x1 } from '../../helpers/images.ts';
import { PDF, uploadMaterial } from '../../helpers/materials.ts';
import {
  createClass,
  createLesson,
  minutesFromNow,
  runningFromToday,
} from '../../helpers/school.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const NODE = process.execPath;

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer({ jobs: false, env: { FILE_STORAGE: 'local' } });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

export async function finishedBackup(client: TestClient, backupId: string) {
  for (let i = 0; i < 600; i++) {
    const list = await client.get('/api/backups');
    if (list.status !== 200) throw new Error(`GET /api/backups: ${list.status} ${list.text}`);
    const item = list.body.items.find((b: { backup_id: string }) => b.backup_id === backupId);
    if (item && item.state !== 'running') return item;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the backup did not finish');
}

/** Rows of a table, each as canonical JSON, keyed by the whole row. */
function rowsOf(database: DatabaseSync, table: string): string[] {
  return (database.prepare(`select * from "${table}"`).all() as Record<string, unknown>[])
    .map((row) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [
            k,
            v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v,
          ]),
        ),
      ),
    )
    .sort();
}

function tablesOf(database: DatabaseSync): string[] {
  return (
    database
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as { name: string }[]
  ).map(({ name }) => name);
}

/**
 * One row in every table the steps above left empty: written straight into the file, with the
 * checks and foreign keys set aside (the backup copies bytes; the row's sense does not matter,
 * only that it comes back identical).
 */
function fillEmptyTables(database: DatabaseSync): string[] {
  const filled: string[] = [];
  database.exec('PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON;');
  try {
    for (const table of tablesOf(database)) {
      const { n } = database.prepare(`select count(*) as n from "${table}"`).get() as { n: number };
      // The backups table gets its row from the backup itself (written before the copy starts).
      if (n > 0 || table === 'backups') continue;
      const columns = database.prepare(`PRAGMA table_info("${table}")`).all() as {
        name: string;
        type: string;
      }[];
      const values = columns.map((column) => {
        const type = column.type.toLowerCase();
        if (type.includes('int') || type.includes('bool')) return 1;
        if (type.includes('real') || type.includes('numeric')) return 1.5;
        if (type.includes('blob')) return Buffer.from([1, 2, 3]);
        return `${table}.${column.name}`;
      });
      database
        .prepare(
          `insert into "${table}" (${columns.map((c) => `"${c.name}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
        )
        .run(...values);
      filled.push(table);
    }
  } finally {
    database.exec('PRAGMA ignore_check_constraints = OFF; PRAGMA foreign_keys = ON;');
  }
  return filled;
}

async function filesUnder(root: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const walk = async (folder: string) => {
    for (const item of await fs.readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(folder, item.name);
      if (item.isDirectory()) await walk(full);
      // Never the live database: closing any descriptor of it in this process would drop the
      // server's POSIX locks on it (and with them the restore script's in-use check).
      else if (item.name.startsWith('edu-center.sqlite')) continue;
      else found.set(path.relative(root, full), (await fs.readFile(full)).toString('hex'));
    }
  };
  await walk(root);
  return found;
}

if (testDialect() === 'postgres') {
  describe('a backup on PostgreSQL', () => {
    test('holds the uploaded files only, and the restore script sends the admin to pg_restore', async () => {
      expect(
        (
          await admin.upload('/api/center-settings/logo', {
            bytes: PNG_1x1,
            name: 'logo.png',
            type: 'image/png',
          })
        ).status,
      ).toBe(200);
      const started = await admin.post('/api/backups');
      expect(started.status, started.text).toBe(202);
      const done = await finishedBackup(admin, started.body.backup_id);
      expect(done.state, JSON.stringify(done)).toBe('ok');
      expect(done.file_count).toBe(1);
      expect(done.check.tables).toBe(0);
      const overview = await admin.get('/api/backups');
      const file = path.join(overview.body.folder, done.file_name);
      const refused = await run(NODE, ['scripts/restore.ts', file], {
        cwd: ROOT,
        env: {
          ...process.env,
          DATA_DIR: server.config.dataDir,
          DATABASE_URL: server.database.databaseUrl,
          NODE_ENV: 'test',
        },
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toContain('pg_restore');
    });
  });
}

if (testDialect() === 'sqlite')
  describe('a backup made while the server writes', () => {
    test('the admin backs up a filled database during writes; the restore script brings back one instant of every table and file', async () => {
      // Data through the product: people, a class, lessons, uploads of every kind.
      const teacher = await createAccount(server, admin, 'teacher');
      const student = await createAccount(server, admin, 'student');
      const klass = await createClass(admin, teacher.user.user_id, runningFromToday(30));
      await createLesson(admin, klass.class_id, minutesFromNow(60 * 24));
      expect(
        (
          await student.client.upload('/api/profile/avatar', {
            bytes: PNG_1x1,
            name: 'a.png',
            type: 'image/png',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await admin.upload('/api/center-settings/logo', {
            bytes: PNG_1x1,
            name: 'logo.png',
            type: 'image/png',
          })
        ).status,
      ).toBe(200);
      const material = await uploadMaterial(
        admin,
        `/api/classes/${klass.class_id}/materials`,
        {
          bytes: PDF,
          name: 'lesson.pdf',
          type: 'application/pdf',
        },
        { title: 'Lesson notes' },
      );
      expect(material.status).toBe(201);
      // Every table holds at least a row.
      const source = server.server.ctx.database.sqlite as DatabaseSync;
      fillEmptyTables(source);
      for (const table of tablesOf(source).filter((name) => name !== 'backups')) {
        const { n } = source.prepare(`select count(*) as n from "${table}"`).get() as { n: number };
        expect(n, table).toBeGreaterThan(0);
      }
      // Bulk, so the copy takes many steps while the writes go on.
      source.exec('create table if not exists bulk_filler (id integer primary key, body text)');
      const insert = source.prepare('insert into bulk_filler (body) values (?)');
      source.exec('begin');
      for (let i = 0; i < 20_000; i++) insert.run(`row ${i} ${'x'.repeat(200)}`);
      source.exec('commit');

      // Writes during the backup: rooms one after the other (their order is the instant's test),
      // and avatars replaced (a new file each, the old one deleted).
      let writing = true;
      const roomNames: string[] = [];
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          const name = `Room ${String(i).padStart(5, '0')}`;
          const created = await admin.post('/api/rooms', { name });
          expect(created.status).toBe(201);
          roomNames.push(name);
        }
      })();
      const uploader = (async () => {
        for (let i = 0; writing; i++) {
          const replaced = await student.client.upload('/api/profile/avatar', {
            bytes: i % 2 ? PNG_1x1 : JPEG_1x1,
            name: i % 2 ? 'a.png' : 'a.jpg',
            type: 'application/octet-stream',
          });
          expect(replaced.status).toBe(200);
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 200));
      let done: Awaited<ReturnType<typeof finishedBackup>>;
      try {
        const started = await admin.post('/api/backups');
        expect(started.status, started.text).toBe(202);
        expect(started.body.state).toBe('running');
        done = await finishedBackup(admin, started.body.backup_id);
      } finally {
        writing = false;
        await Promise.all([writer, uploader]);
      }
      expect(done.state, JSON.stringify(done)).toBe('ok');
      expect(done.check.ok).toBe(true);
      expect(done.check.integrity).toBe('ok');
      expect(done.file_count).toBeGreaterThanOrEqual(3);
      expect(roomNames.length).toBeGreaterThan(0);

      // Restored by the script, into a fresh data folder, as a person would on a stopped server.
      const settings = await admin.get('/api/backups');
      const file = path.join(settings.body.folder, done.file_name);
      const fresh = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-restore-'));
      const dataDir = path.join(fresh, 'data');
      const restored = await run(NODE, ['scripts/restore.ts', file], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
      });
      expect(restored.stdout).toContain('Restored the backup');

      const copy = new DatabaseSync(path.join(dataDir, 'edu-center.sqlite'), { readOnly: true });
      try {
        expect(tablesOf(copy).sort()).toEqual(tablesOf(source).sort());
        // Written during the backup by the backup itself or by the sessions of the writers.
        const moving = new Set([
          'rooms',
          'backups',
          'center_settings',
          'sessions',
          'audit_log',
          'stored_files',
          'users',
        ]);
        for (const table of tablesOf(source)) {
          const inCopy = rowsOf(copy, table);
          const inSource = rowsOf(source, table);
          if (!moving.has(table)) {
            expect(inCopy, table).toEqual(inSource);
            continue;
          }
          if (table === 'rooms') {
            // The rooms in the copy are the first ones created, identical to the source's: those
            // created before the instant are all in, those after are all out.
            const names = (
              copy.prepare('select name from rooms order by name').all() as { name: string }[]
            )
              .map((row) => row.name)
              .filter((name) => name.startsWith('Room '));
            expect(names).toEqual(roomNames.slice(0, names.length));
            const sourceRows = new Set(inSource);
            for (const row of inCopy) expect(sourceRows.has(row), row).toBe(true);
          }
        }
        // The student's avatar in the copy is a file the copy holds.
        const avatar = copy
          .prepare('select avatar_url from users where user_id = ?')
          .get(student.user.user_id) as { avatar_url: string };
        const avatarFile = path.join(dataDir, avatar.avatar_url.replace(/^\/files\//, 'files/'));
        expect((await fs.stat(avatarFile)).isFile()).toBe(true);
      } finally {
        copy.close();
      }
      // Every file restored equals the source's file of that name (still there, or deleted since:
      // then it is an avatar replaced during the backup); the materials and the logo are all there.
      const restoredFiles = await filesUnder(dataDir);
      const sourceFiles = await filesUnder(server.config.dataDir);
      for (const [name, bytes] of restoredFiles) {
        if (name === 'edu-center.sqlite' || name.startsWith('backups')) continue;
        if (sourceFiles.has(name)) expect(bytes, name).toBe(sourceFiles.get(name));
        else expect(name).toMatch(/^files\/avatars\//);
      }
      for (const [name, bytes] of sourceFiles) {
        if (name.startsWith('materials/') || name.startsWith('files/logos/')) {
          expect(restoredFiles.get(name), name).toBe(bytes);
        }
      }
      await fs.rm(fresh, { recursive: true, force: true });
    }, 120_000);

    test('the restore script refuses while the server runs, and refuses a damaged backup, changing nothing', async () => {
      const started = await admin.post('/api/backups');
      expect(started.status, started.text).toBe(202);
      const done = await finishedBackup(admin, started.body.backup_id);
      expect(done.state).toBe('ok');
      const folder = (await admin.get('/api/backups')).body.folder;
      const file = path.join(folder, done.file_name);
      const restore = (archive: string, dataDir: string) =>
        run(NODE, ['scripts/restore.ts', archive], {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
        }).then(
          () => ({ code: 0, stderr: '' }),
          (error: { code: number; stderr: string }) => error,
        );
      // The running server holds its database: refused, the data folder untouched.
      const inUse = await restore(file, server.config.dataDir);
      expect(inUse.code).toBe(1);
      expect(inUse.stderr).toContain('in use');
      expect((await fs.stat(server.config.dataDir)).isDirectory()).toBe(true);
      // One byte changed inside the archive: the check fails, nothing is put in place.
      const damaged = path.join(os.tmpdir(), `damaged-${done.backup_id}.tar`);
      const bytes = await fs.readFile(file);
      bytes[2048] = (bytes[2048] as number) ^ 0xff;
      await fs.writeFile(damaged, bytes);
      const fresh = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-restore-'));
      const dataDir = path.join(fresh, 'data');
      const refused = await restore(damaged, dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('fails its check');
      expect(await fs.readdir(fresh)).toEqual([]);
      await fs.rm(fresh, { recursive: true, force: true });
      await fs.rm(damaged, { force: true });
    }, 60_000);
  });
