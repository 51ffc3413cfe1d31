// The backups feature's public face (docs/decisions/042-backups.md): what other parts may use.

export { checkBackup } from './archive.ts';
export { startBackupSchedule } from './job.ts';
export { backupRoutes } from './routes.ts';
export { startBackup, waitForBackups } from './run-backup.ts';
