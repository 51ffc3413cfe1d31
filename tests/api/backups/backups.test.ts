// Issue 30, 'Backups and restore' (docs/decisions/042-backups.md), through HTTP on both databases:
// the admin's schedule, retention and folder (checked, audited), 'Back up now' and its check, the
// download, one backup at a time, and a failed backup told to every admin.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testDialect } from '../../helpers/database.ts';
import { createAccount } from '../../helpers/factories.ts';
import { PNG_1x1 } from '../../helpers/images.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  // The uploaded files in the data folder on both databases: on PostgreSQL they are what a
  // backup copies (the database itself is pg_dump's).
  server = await startTestServer({ jobs: false, env: { FILE_STORAGE: 'local' } });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

async function finished(backupId: string) {
  for (let i = 0; i < 600; i++) {
    const list = await admin.get('/api/backups');
    expect(list.status, list.text).toBe(200);
    const item = list.body.items.find((b: { backup_id: string }) => b.backup_id === backupId);
    if (item && item.state !== 'running') return item;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the backup did not finish');
}

const settings = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  time: '02:00',
  keep_daily: 7,
  keep_weekly: 4,
  folder: null,
  ...overrides,
});

describe('Settings → System: backups', () => {
  test('the card says where backups go, when the next one runs, and how to restore', async () => {
    const overview = await admin.get('/api/backups');
    expect(overview.status).toBe(200);
    expect(overview.body.database).toBe(testDialect());
    expect(overview.body.available).toBe(true);
    expect(overview.body.settings).toEqual(settings());
    expect(overview.body.folder).toBe(path.join(server.config.dataDir, 'backups'));
    expect(overview.body.next_run_at).not.toBeNull();
    expect(overview.body.restore_command).toContain('npm run restore');
  });

  test('the admin backs up now: the backup is checked, listed with its size, and downloads as a .tar', async () => {
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
    expect(started.body.code).toBe('BACKUP_STARTED');
    // Started by a person: the audit log names the admin and the file.
    const started_log = await server.server.ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'backup.start')
      .execute();
    expect(started_log.map((e) => e.actor_id)).toEqual([expect.any(String)]);
    expect(started_log[0]!.changes).toContain(started.body.file_name);
    const done = await finished(started.body.backup_id);
    expect(done.state, JSON.stringify(done)).toBe('ok');
    expect(done.check.ok).toBe(true);
    expect(done.check.integrity).toBe(testDialect() === 'sqlite' ? 'ok' : null);
    expect(done.file_count).toBe(1);
    expect(done.size_bytes).toBeGreaterThan(0);
    expect(done.downloadable).toBe(true);

    const download = await fetch(`${server.baseUrl}/api/backups/${done.backup_id}/download`, {
      headers: { cookie: admin.cookie as string },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/x-tar');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="${done.file_name}"`,
    );
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(done.size_bytes);
    // A ustar file: the magic at byte 257 of the first header.
    expect(bytes.subarray(257, 262).toString()).toBe('ustar');
    expect(bytes.includes(Buffer.from('manifest.json'))).toBe(true);
  });

  test('a second backup while one runs is refused; an unknown backup is not found', async () => {
    const first = await admin.post('/api/backups');
    expect(first.status).toBe(202);
    const second = await admin.post('/api/backups');
    expect([202, 409]).toContain(second.status);
    if (second.status === 409) expect(second.body.code).toBe('BACKUP_RUNNING');
    await finished(first.body.backup_id);
    if (second.status === 202) await finished(second.body.backup_id);
    const missing = await admin.get('/api/backups/00000000-0000-4000-8000-000000000000/download');
    expect(missing.status).toBe(404);
  });

  test('the schedule is saved and audited; a bad time, count or folder is refused with nothing written', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-backups-'));
    const saved = await admin.put(
      '/api/backups/settings',
      settings({ time: '23:30', keep_daily: 3, keep_weekly: 0, folder }),
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.code).toBe('BACKUP_SETTINGS_SAVED');
    expect(saved.body.folder).toBe(folder);
    const { db } = server.server.ctx.database;
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .where('record_id', '=', 'backups')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.changes as string)).toMatchObject({
      time: { before: '02:00', after: '23:30' },
      folder: { before: null, after: folder },
    });

    const notAFolder = path.join(folder, 'a-file');
    await fs.writeFile(notAFolder, 'x');
    const refusals: [Record<string, unknown>, string][] = [
      [{ time: '25:00' }, 'BACKUP_TIME_INVALID'],
      [{ keep_daily: 0 }, 'BACKUP_KEEP_INVALID'],
      [{ keep_weekly: 1000 }, 'BACKUP_KEEP_INVALID'],
      [{ folder: 'relative/folder' }, 'BACKUP_FOLDER_NOT_ABSOLUTE'],
      [{ folder: path.join(server.config.dataDir, 'files', 'backups') }, 'BACKUP_FOLDER_PUBLIC'],
      [{ folder: server.config.webRoot }, 'BACKUP_FOLDER_PUBLIC'],
      // Under a file: no folder can be made there.
      [{ folder: path.join(notAFolder, 'backups') }, 'BACKUP_FOLDER_NOT_WRITABLE'],
      [{ folder: '/proc/edu-center-backups' }, 'BACKUP_FOLDER_NOT_WRITABLE'],
    ];
    for (const [change, code] of refusals) {
      const refused = await admin.put('/api/backups/settings', settings(change));
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.text).toContain(code);
    }
    const after = await admin.get('/api/backups');
    expect(after.body.settings).toEqual(
      settings({ time: '23:30', keep_daily: 3, keep_weekly: 0, folder }),
    );
    expect(
      await db
        .selectFrom('audit_log')
        .select('audit_id')
        .where('action', '=', 'settings.update')
        .where('record_id', '=', 'backups')
        .execute(),
    ).toHaveLength(1);
    await admin.put('/api/backups/settings', settings());
    await fs.rm(folder, { recursive: true, force: true });
  });

  test('retention keeps the newest backup of each of the last days: older ones of a day are deleted', async () => {
    await admin.put('/api/backups/settings', settings({ keep_daily: 1, keep_weekly: 0 }));
    const started = await admin.post('/api/backups');
    const done = await finished(started.body.backup_id);
    expect(done.state).toBe('ok');
    const list = await admin.get('/api/backups');
    const ok = list.body.items.filter((b: { state: string }) => b.state === 'ok');
    expect(ok.map((b: { backup_id: string }) => b.backup_id)).toEqual([done.backup_id]);
    const onDisk = (await fs.readdir(list.body.folder)).filter((name) => name.endsWith('.tar'));
    expect(onDisk).toEqual([done.file_name]);
    await admin.put('/api/backups/settings', settings());
  });

  test('a backup that fails is kept with its error and told to every admin', async () => {
    const otherAdmin = await createAccount(server, admin, 'admin');
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-backups-'));
    expect((await admin.put('/api/backups/settings', settings({ folder }))).status).toBe(200);
    // The disk goes away: the folder becomes a file.
    await fs.rm(folder, { recursive: true, force: true });
    await fs.writeFile(folder, 'not a folder');
    const started = await admin.post('/api/backups');
    expect(started.status).toBe(202);
    const done = await finished(started.body.backup_id);
    expect(done.state).toBe('failed');
    expect(done.error).toBeTruthy();
    const overview = await admin.get('/api/backups');
    expect(overview.body.last_failure.backup_id).toBe(done.backup_id);
    for (const client of [admin, otherAdmin.client]) {
      const notes = await client.get('/api/notifications');
      const failed = notes.body.items.filter((n: { type: string }) => n.type === 'backup_failed');
      expect(failed).toHaveLength(1);
      expect(failed[0].params.error).toBeTruthy();
    }
    await admin.put('/api/backups/settings', settings());
    await fs.rm(folder, { force: true });
  });
});
