// Making one backup (docs/decisions/042-backups.md). Only one process at a time: a lease in
// center_settings (backup_claimed_until), taken with a conditional UPDATE as the e-mail outbox
// takes a message, renewed while the backup runs. The database is copied with SQLite's online
// backup API through the server's own connection (node:sqlite `backup`, a few pages per step on
// the thread pool, so requests keep being answered and their writes reach the copy at once): the
// copy is the database as it stood at one instant, the end of the last step. The uploaded files
// are hard-linked into a staging folder once before the copy and once after it (a link is an
// instant snapshot of a file: a later replacement or deletion does not touch it), so every file
// the copied database points at is there — it existed when the copy began or was written during
// it. Then one .tar is written (.partial, then renamed), checked, and kept or pruned by the
// retention the admin set. A failure is kept on the row and notified to every admin.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { SQLITE_FILE_NAME } from '#server/db/connection.ts';
import { AppError } from '#server/errors.ts';
import { addNotifications } from '#server/features/notifications/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { localDate } from '#server/lib/center-time.ts';
import { holdDeletes } from '#server/lib/held-deletes.ts';
import {
  BACKUP_FORMAT,
  type BackupCheck,
  checkBackup,
  countRows,
  DATABASE_ENTRY,
  isUploadEntry,
  lastMigration,
  listFiles,
  MANIFEST_NAME,
  type Manifest,
  SECRETS_ENTRY,
  UPLOAD_FOLDERS,
} from './archive.ts';
import { readBackupSettings } from './settings.ts';
import { TarWriter, type WrittenEntry } from './tar.ts';

/** How long a process holds the right to run a backup; renewed well before it ends. */
export const BACKUP_LEASE_MS = 5 * 60_000;
const RENEW_MS = 60_000;
/** Pages copied per step of SQLite's backup (4 KiB each): short steps, the server stays quick. */
const PAGES_PER_STEP = 64;
const SECRETS_FILE = 'secrets.key';

const iso = (ms: number) => new Date(ms).toISOString();

export function backupsAvailable(ctx: AppContext): boolean {
  return ctx.database.dialect === 'sqlite' || ctx.config.fileStorage === 'local';
}

async function claimLease(ctx: AppContext): Promise<boolean> {
  const now = ctx.clock.now().getTime();
  const result = await ctx.database.db
    .updateTable('center_settings')
    .set({ backup_claimed_until: iso(now + BACKUP_LEASE_MS) })
    .where((eb) =>
      eb.or([eb('backup_claimed_until', 'is', null), eb('backup_claimed_until', '<=', iso(now))]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

async function renewLease(ctx: AppContext) {
  await ctx.database.db
    .updateTable('center_settings')
    .set({ backup_claimed_until: iso(ctx.clock.now().getTime() + BACKUP_LEASE_MS) })
    .execute();
}

async function releaseLease(ctx: AppContext) {
  await ctx.database.db
    .updateTable('center_settings')
    .set({ backup_claimed_until: null })
    .execute();
}

/**
 * Links (or, across disks, copies) every file of DATA_DIR/<folder> not yet in the staging folder;
 * `taken` holds their archive names ('files/…', 'materials/…').
 */
async function snapshotFiles(dataDir: string, staging: string, folder: string, taken: Set<string>) {
  for (const inFolder of await listFiles(path.join(dataDir, folder))) {
    const relative = `${folder}/${inFolder}`;
    if (taken.has(relative)) continue;
    const from = path.join(dataDir, relative);
    const to = path.join(staging, relative);
    await fs.mkdir(path.dirname(to), { recursive: true });
    try {
      await fs.link(from, to);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENOENT') continue; // deleted meanwhile: its row is gone too, or comes later
      await fs.copyFile(from, to);
    }
    taken.add(relative);
  }
}

function fileNameAt(instant: Date): string {
  return `edu-center-backup-${instant.toISOString().replace(/[:.]/g, '-')}.tar`;
}

/** The backups this process is running, so closing the server waits for them. */
const inFlight = new WeakMap<AppContext, Set<Promise<void>>>();

export async function waitForBackups(ctx: AppContext): Promise<void> {
  await Promise.all([...(inFlight.get(ctx) ?? [])]);
}

export interface StartedBackup {
  backupId: string;
  done: Promise<void>;
}

/**
 * Takes the lease and starts a backup; the returned promise ends when it is written and checked
 * (a failure is stored and notified, never thrown). Throws BACKUP_RUNNING when another runs.
 */
export async function startBackup(
  ctx: AppContext,
  log: FastifyBaseLogger,
  trigger: 'schedule' | 'manual',
  options: { pagesPerStep?: number } = {},
): Promise<StartedBackup> {
  if (!backupsAvailable(ctx)) throw new AppError('BACKUP_NOTHING_TO_COPY');
  if (!(await claimLease(ctx))) throw new AppError('BACKUP_RUNNING');
  const { db } = ctx.database;
  const startedAt = ctx.clock.now();
  // Rows a dead process left 'running' (its lease ended, so it is gone) are not running.
  await db
    .updateTable('backups')
    .set({
      state: 'failed',
      error: 'interrupted (the server stopped)',
      finished_at: iso(startedAt.getTime()),
    })
    .where('state', '=', 'running')
    .execute();
  const backupId = randomUUID();
  const settings = await readBackupSettings(ctx);
  const folder = settings.effectiveFolder;
  const fileName = fileNameAt(startedAt);
  // A backup started by hand is a person's change (the Audit page names who and when); a
  // scheduled one is the server's own and not recorded.
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('backups')
      .values({
        backup_id: backupId,
        started_at: startedAt.toISOString(),
        finished_at: null,
        trigger,
        state: 'running',
        progress: 0,
        file_name: fileName,
        folder,
        size_bytes: null,
        file_count: null,
        row_count: null,
        check_result: null,
        error: null,
      })
      .execute();
    if (trigger === 'manual') {
      await recordAudit(trx, {
        action: 'backup.start',
        recordType: 'settings',
        recordId: 'backups',
        changes: { file_name: { before: null, after: fileName } },
      });
    }
  });
  const done = (async () => {
    const renew = setInterval(() => {
      renewLease(ctx).catch(() => {});
    }, RENEW_MS);
    renew.unref();
    let lastProgressAt = 0;
    const setProgress = async (percent: number, force = false) => {
      const now = Date.now();
      if (!force && now - lastProgressAt < 300) return;
      lastProgressAt = now;
      await db
        .updateTable('backups')
        .set({ progress: Math.max(0, Math.min(100, Math.round(percent))) })
        .where('backup_id', '=', backupId)
        .execute();
    };
    const staging = path.join(ctx.config.dataDir, `.backup-staging-${backupId}`);
    const target = path.join(folder, fileName);
    const partial = `${target}.partial`;
    // From before the first look at the files until after the last: nothing the copy may point
    // at is deleted meanwhile (lib/held-deletes.ts).
    const releaseDeletes = holdDeletes(ctx.config.dataDir);
    try {
      await fs.mkdir(folder, { recursive: true });
      await fs.mkdir(staging, { recursive: true });
      const copyFiles = ctx.config.fileStorage === 'local';
      const taken = new Set<string>();
      const snapshotUploads = async () => {
        if (!copyFiles) return;
        for (const folder of UPLOAD_FOLDERS) {
          await snapshotFiles(ctx.config.dataDir, staging, folder, taken);
        }
      };
      await snapshotUploads();
      await setProgress(5, true);
      let tables: Record<string, number> = {};
      let migration: string | null = null;
      const sqlite = ctx.database.sqlite;
      if (sqlite) {
        const copy = path.join(staging, SQLITE_FILE_NAME);
        let stepProgress = Promise.resolve();
        await backup(sqlite, copy, {
          rate: options.pagesPerStep ?? PAGES_PER_STEP,
          progress: ({ totalPages, remainingPages }) => {
            const share = totalPages > 0 ? (totalPages - remainingPages) / totalPages : 1;
            stepProgress = stepProgress.then(() => setProgress(5 + share * 65)).catch(() => {});
          },
        });
        await stepProgress;
        // The copy as one self-contained file (the source's WAL mode came with its header).
        const copied = new DatabaseSync(copy);
        try {
          copied.exec('PRAGMA journal_mode = DELETE');
          tables = countRows(copied);
          migration = lastMigration(copied);
        } finally {
          copied.close();
        }
      }
      await snapshotUploads();
      await releaseDeletes();
      await setProgress(72, true);
      // The archive: database, key, files, then the manifest of them all.
      const handle = await fs.open(partial, 'w');
      const entries: WrittenEntry[] = [];
      try {
        const writer = new TarWriter(handle);
        if (sqlite) {
          entries.push(await writer.addFile(DATABASE_ENTRY, path.join(staging, SQLITE_FILE_NAME)));
          const key = path.join(ctx.config.dataDir, SECRETS_FILE);
          if (!ctx.config.secretsKey && (await fs.stat(key).catch(() => null))) {
            entries.push(await writer.addFile(SECRETS_ENTRY, key));
          }
        }
        const files = [...taken].sort();
        for (let i = 0; i < files.length; i++) {
          const relative = files[i] as string;
          entries.push(await writer.addFile(relative, path.join(staging, relative)));
          await setProgress(72 + (20 * (i + 1)) / files.length);
        }
        const manifest: Manifest = {
          format: BACKUP_FORMAT,
          version: 1,
          created_at: startedAt.toISOString(),
          database: ctx.database.dialect,
          file_storage: ctx.config.fileStorage,
          migration,
          tables,
          entries,
        };
        await writer.addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)));
        await writer.finish();
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(partial, target);
      await setProgress(93, true);
      const { check } = await checkBackup(target);
      const size = (await fs.stat(target)).size;
      await db
        .updateTable('backups')
        .set({
          state: check.ok ? 'ok' : 'failed',
          progress: 100,
          finished_at: ctx.clock.now().toISOString(),
          size_bytes: size,
          file_count: entries.filter((entry) => isUploadEntry(entry.path)).length,
          row_count: Object.values(tables).reduce((a, b) => a + b, 0),
          check_result: JSON.stringify(check),
          error: check.ok ? null : `check failed: ${check.problems.slice(0, 3).join('; ')}`,
        })
        .where('backup_id', '=', backupId)
        .execute();
      if (!check.ok) await notifyFailure(ctx, backupId, startedAt, check);
      else await pruneBackups(ctx, log);
    } catch (error) {
      const detail = ((error as Error).message ?? String(error)).slice(0, 500);
      log.error({ err: error, backupId }, 'a backup failed');
      await fs.rm(partial, { force: true }).catch(() => {});
      await db
        .updateTable('backups')
        .set({ state: 'failed', finished_at: ctx.clock.now().toISOString(), error: detail })
        .where('backup_id', '=', backupId)
        .execute()
        .catch(() => {});
      await notifyFailure(ctx, backupId, startedAt, null, detail).catch((notifyError) =>
        log.error({ err: notifyError }, 'the admins could not be told of a failed backup'),
      );
    } finally {
      clearInterval(renew);
      await releaseDeletes();
      await fs.rm(staging, { recursive: true, force: true }).catch(() => {});
      await releaseLease(ctx).catch(() => {});
    }
  })();
  const running = inFlight.get(ctx) ?? new Set();
  inFlight.set(ctx, running);
  running.add(done);
  void done.finally(() => running.delete(done));
  return { backupId, done };
}

async function notifyFailure(
  ctx: AppContext,
  backupId: string,
  startedAt: Date,
  check: BackupCheck | null,
  detail?: string,
) {
  const admins = await ctx.database.db
    .selectFrom('users')
    .select('user_id')
    .where('role', '=', 'admin')
    .where('is_active', '=', true)
    .execute();
  const error = (detail ?? check?.problems.slice(0, 2).join('; ') ?? '').slice(0, 300);
  await addNotifications(
    ctx,
    admins.map(({ user_id }) => ({
      userId: user_id,
      type: 'backup_failed' as const,
      params: { start_time: startedAt.toISOString(), error },
      dedupeKey: `backup_failed:${backupId}:${user_id}`,
    })),
  );
}

/** The ISO week (YYYY-Www) of a calendar date. */
function isoWeek(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * Retention: of the checked backups, the newest of each of the last `keep_daily` days (center
 * time) and the newest of each of the last `keep_weekly` ISO weeks stay; the others' files and
 * rows go. Failed runs are kept (their rows only: they say what went wrong), the last 20.
 */
export async function pruneBackups(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  const { db } = ctx.database;
  const settings = await readBackupSettings(ctx);
  const rows = await db
    .selectFrom('backups')
    .select(['backup_id', 'started_at', 'folder', 'file_name', 'state'])
    .orderBy('started_at', 'desc')
    .execute();
  const zone = ctx.config.centerTimezone;
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  const okRows = rows.filter((row) => row.state === 'ok');
  for (const row of okRows) {
    const day = localDate(new Date(row.started_at), zone);
    if (!days.has(day) && days.size < settings.keep_daily) {
      days.add(day);
      keep.add(row.backup_id);
    }
  }
  for (const row of okRows) {
    const week = isoWeek(localDate(new Date(row.started_at), zone));
    if (!weeks.has(week) && weeks.size < settings.keep_weekly) {
      weeks.add(week);
      keep.add(row.backup_id);
    }
  }
  const failed = rows.filter((row) => row.state === 'failed');
  const gone = [...okRows.filter((row) => !keep.has(row.backup_id)), ...failed.slice(20)];
  for (const row of gone) {
    if (row.folder && row.file_name) {
      await fs.rm(path.join(row.folder, row.file_name), { force: true }).catch((error) => {
        log.warn({ err: error }, 'an old backup could not be deleted');
      });
    }
    await db.deleteFrom('backups').where('backup_id', '=', row.backup_id).execute();
  }
  return gone.length;
}
