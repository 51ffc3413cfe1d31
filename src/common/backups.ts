// Backups and restore (issue 30, docs/decisions/042-backups.md): what Settings → System shows and
// what the admin sets — when the daily backup runs (center time), how many daily and weekly ones
// are kept, and the folder they go to.
import { z } from 'zod';
import { codes } from './messages.ts';

export const BACKUP_KEEP_DAILY_MAX = 365;
export const BACKUP_KEEP_WEEKLY_MAX = 520;

export const backupSettingsInput = z.object({
  enabled: z.boolean(),
  /** 'HH:MM', 24-hour, in the center's time zone. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, codes.BACKUP_TIME_INVALID),
  keep_daily: z
    .number()
    .int(codes.BACKUP_KEEP_INVALID)
    .min(1, codes.BACKUP_KEEP_INVALID)
    .max(BACKUP_KEEP_DAILY_MAX, codes.BACKUP_KEEP_INVALID),
  keep_weekly: z
    .number()
    .int(codes.BACKUP_KEEP_INVALID)
    .min(0, codes.BACKUP_KEEP_INVALID)
    .max(BACKUP_KEEP_WEEKLY_MAX, codes.BACKUP_KEEP_INVALID),
  /** An absolute folder on the server; null: the data folder's 'backups'. */
  folder: z.string().max(1000).nullable(),
});
export type BackupSettingsInput = z.infer<typeof backupSettingsInput>;

export const backupCheckSchema = z.object({
  ok: z.boolean(),
  integrity: z.string().nullable(),
  tables: z.number(),
  rows: z.number(),
  files: z.number(),
  bytes: z.number(),
  migration: z.string().nullable(),
  problems: z.array(z.string()),
});
export type BackupCheckDto = z.infer<typeof backupCheckSchema>;

export const backupSchema = z.object({
  backup_id: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  trigger: z.enum(['schedule', 'manual']),
  state: z.enum(['running', 'ok', 'failed']),
  progress: z.number(),
  file_name: z.string().nullable(),
  size_bytes: z.number().nullable(),
  file_count: z.number().nullable(),
  row_count: z.number().nullable(),
  check: backupCheckSchema.nullable(),
  error: z.string().nullable(),
  /** Whether the file is still there to download. */
  downloadable: z.boolean(),
});
export type BackupDto = z.infer<typeof backupSchema>;

export const backupOverviewSchema = z.object({
  /** 'sqlite': the database is in each backup; 'postgres': the database's own backups (pg_dump). */
  database: z.enum(['sqlite', 'postgres']),
  /** 'local': the uploaded files are copied; 'database': they are inside the database. */
  file_storage: z.enum(['local', 'database']),
  /** Whether a backup has anything to copy (not on PostgreSQL with the files in the database). */
  available: z.boolean(),
  settings: backupSettingsInput,
  /** The folder backups go to now (the default spelled out). */
  folder: z.string(),
  /** The next scheduled run (ISO), null when the schedule is off. */
  next_run_at: z.string().nullable(),
  items: z.array(backupSchema),
  last_failure: backupSchema.nullable(),
  /** The command that restores a backup on the stopped server. */
  restore_command: z.string(),
});
export type BackupOverviewDto = z.infer<typeof backupOverviewSchema>;
