// Settings → System (the admin's, docs/decisions/042-backups.md): the backups and their checks,
// 'Back up now' (answered at once; the card polls the list for the progress), the download of
// one backup (streamed, never read whole), and the schedule, retention and folder.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type BackupDto,
  backupCheckSchema,
  backupOverviewSchema,
  backupSchema,
  backupSettingsInput,
} from '#common/backups.ts';
import { noticeShape } from '#common/notice.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { nextScheduledInstant } from './job.ts';
import { backupsAvailable, startBackup } from './run-backup.ts';
import { readBackupSettings, writeBackupSettings } from './settings.ts';

export const RESTORE_COMMAND = 'npm run restore -- /path/to/edu-center-backup-….tar';

const backupParams = z.object({ backupId: z.string().uuid() });

type BackupRow = {
  backup_id: string;
  started_at: string;
  finished_at: string | null;
  trigger: 'schedule' | 'manual';
  state: 'running' | 'ok' | 'failed';
  progress: number;
  file_name: string | null;
  folder: string | null;
  size_bytes: number | null;
  file_count: number | null;
  row_count: number | null;
  check_result: string | null;
  error: string | null;
};

function toDto(row: BackupRow): BackupDto {
  let check: BackupDto['check'] = null;
  if (row.check_result) {
    const parsed = backupCheckSchema.safeParse(JSON.parse(row.check_result));
    check = parsed.success ? parsed.data : null;
  }
  const file = row.folder && row.file_name ? path.join(row.folder, row.file_name) : null;
  return {
    backup_id: row.backup_id,
    started_at: row.started_at,
    finished_at: row.finished_at,
    trigger: row.trigger,
    state: row.state,
    progress: Number(row.progress),
    file_name: row.file_name,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    file_count: row.file_count === null ? null : Number(row.file_count),
    row_count: row.row_count === null ? null : Number(row.row_count),
    check,
    error: row.error,
    downloadable: row.state === 'ok' && file !== null && fs.existsSync(file),
  };
}

export const backupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    const overview = async () => {
      const settings = await readBackupSettings(ctx);
      const rows = await db
        .selectFrom('backups')
        .selectAll()
        .orderBy('started_at', 'desc')
        .limit(100)
        .execute();
      const items = rows.map((row) => toDto(row as BackupRow));
      const lastFailure = items.find((item) => item.state === 'failed') ?? null;
      const { effectiveFolder, ...shown } = settings;
      return {
        database: ctx.database.dialect,
        file_storage: ctx.config.fileStorage,
        available: backupsAvailable(ctx),
        settings: shown,
        folder: effectiveFolder,
        next_run_at: settings.enabled
          ? nextScheduledInstant(
              ctx.clock.now(),
              settings.time,
              ctx.config.centerTimezone,
            ).toISOString()
          : null,
        items,
        last_failure: lastFailure,
        restore_command: RESTORE_COMMAND,
      };
    };

    app.get(
      '/backups',
      {
        schema: {
          tags: ['backups'],
          summary: 'The backups with their checks, the schedule and the last failure (admin)',
          response: { 200: backupOverviewSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_backups');
        return overview();
      },
    );

    app.put(
      '/backups/settings',
      {
        schema: {
          tags: ['backups'],
          summary:
            'Save the schedule (center time), how many daily and weekly backups are kept, and the folder (admin)',
          body: backupSettingsInput,
          response: { 200: backupOverviewSchema.extend(noticeShape), ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_backups');
        await writeBackupSettings(ctx, request.body);
        return { ...(await overview()), code: 'BACKUP_SETTINGS_SAVED' as const };
      },
    );

    app.post(
      '/backups',
      {
        schema: {
          tags: ['backups'],
          summary:
            'Start a backup now; answered at once with the running backup (its progress is in GET /api/backups) (admin)',
          response: { 202: backupSchema.extend(noticeShape), ...errorReplies },
        },
      },
      async (request, reply) => {
        userWithPermission(request, 'manage_backups');
        const started = await startBackup(ctx, request.log, 'manual');
        const row = await db
          .selectFrom('backups')
          .selectAll()
          .where('backup_id', '=', started.backupId)
          .executeTakeFirstOrThrow();
        return reply
          .code(202)
          .send({ ...toDto(row as BackupRow), code: 'BACKUP_STARTED' as const });
      },
    );

    app.get(
      '/backups/:backupId/download',
      {
        schema: {
          tags: ['backups'],
          summary: 'Download one checked backup, a .tar file, streamed (admin)',
          params: backupParams,
          response: errorReplies,
        },
      },
      async (request, reply) => {
        userWithPermission(request, 'manage_backups');
        const row = await db
          .selectFrom('backups')
          .selectAll()
          .where('backup_id', '=', request.params.backupId)
          .executeTakeFirst();
        if (row?.state !== 'ok' || !row.folder || !row.file_name) {
          throw new AppError('NOT_FOUND');
        }
        const file = path.join(row.folder, row.file_name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (!stat?.isFile()) throw new AppError('BACKUP_FILE_GONE');
        // The file itself, not a JSON reply: sent through the untyped reply, streamed.
        return (reply as FastifyReply)
          .header('content-type', 'application/x-tar')
          .header('content-disposition', `attachment; filename="${row.file_name}"`)
          .header('content-length', String(stat.size))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(fs.createReadStream(file));
      },
    );
  };
