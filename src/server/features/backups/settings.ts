// The backup schedule the admin sets in Settings → System (docs/decisions/042-backups.md): read
// from center_settings, validated (the folder absolute, writable, never inside a folder the server
// serves), saved with an audit entry in the same transaction.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BackupSettingsInput } from '#common/backups.ts';
import type { AppContext } from '#server/context.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { recordAudit } from '#server/lib/audit.ts';

export interface BackupSettings extends BackupSettingsInput {
  /** The folder backups go to now: the one set, or DATA_DIR/backups. */
  effectiveFolder: string;
}

export const defaultBackupFolder = (dataDir: string) => path.join(dataDir, 'backups');

export async function readBackupSettings(ctx: AppContext): Promise<BackupSettings> {
  const row = await ctx.database.db
    .selectFrom('center_settings')
    .select([
      'backup_enabled',
      'backup_time',
      'backup_keep_daily',
      'backup_keep_weekly',
      'backup_folder',
    ])
    .orderBy('updated_at')
    .limit(1)
    .executeTakeFirst();
  const folder = row?.backup_folder ?? null;
  return {
    enabled: row ? toBool(row.backup_enabled) : true,
    time: row?.backup_time ?? '02:00',
    keep_daily: Number(row?.backup_keep_daily ?? 7),
    keep_weekly: Number(row?.backup_keep_weekly ?? 4),
    folder,
    effectiveFolder: folder ?? defaultBackupFolder(ctx.config.dataDir),
  };
}

const inside = (folder: string, parent: string) => {
  const relative = path.relative(parent, folder);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** Refuses a folder that is relative, served to the web, or not writable by the server. */
export async function checkBackupFolder(ctx: AppContext, given: string): Promise<string> {
  if (!path.isAbsolute(given) || given.includes('\0')) {
    throw new AppError('BACKUP_FOLDER_NOT_ABSOLUTE', { field: 'folder' });
  }
  const folder = path.resolve(given);
  const served = [ctx.config.webRoot, path.join(ctx.config.dataDir, 'files')];
  if (served.some((root) => inside(folder, path.resolve(root)))) {
    throw new AppError('BACKUP_FOLDER_PUBLIC', { field: 'folder' });
  }
  // The kernel's folders are never a disk; a recursive mkdir under /proc was seen to hang.
  if (['/proc', '/sys', '/dev'].some((root) => inside(folder, root))) {
    throw new AppError('BACKUP_FOLDER_NOT_WRITABLE', { field: 'folder', params: { folder } });
  }
  try {
    await fs.mkdir(folder, { recursive: true });
    const probe = path.join(folder, `.write-check-${process.pid}-${Date.now()}`);
    await fs.writeFile(probe, 'ok');
    await fs.rm(probe, { force: true });
  } catch {
    throw new AppError('BACKUP_FOLDER_NOT_WRITABLE', { field: 'folder', params: { folder } });
  }
  return folder;
}

export async function writeBackupSettings(
  ctx: AppContext,
  input: BackupSettingsInput,
): Promise<void> {
  const folder = input.folder?.trim() ? await checkBackupFolder(ctx, input.folder.trim()) : null;
  const before = await readBackupSettings(ctx);
  await ctx.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('center_settings')
      .select('id')
      .orderBy('updated_at')
      .limit(1)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('center_settings')
      .set({
        backup_enabled: input.enabled,
        backup_time: input.time,
        backup_keep_daily: input.keep_daily,
        backup_keep_weekly: input.keep_weekly,
        backup_folder: folder,
      })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, {
      action: 'settings.update',
      recordType: 'settings',
      recordId: 'backups',
      before: {
        enabled: before.enabled,
        time: before.time,
        keep_daily: before.keep_daily,
        keep_weekly: before.keep_weekly,
        folder: before.folder,
      },
      after: {
        enabled: input.enabled,
        time: input.time,
        keep_daily: input.keep_daily,
        keep_weekly: input.keep_weekly,
        folder,
      },
    });
  });
}
