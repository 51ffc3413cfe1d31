// The backups feature's public face (docs/decisions/042-backups.md): what other parts may use.
export { backupRoutes } from './routes.ts';
export { startBackupSchedule } from './job.ts';
export { startBackup, waitForBackups } from './run-backup.ts';
export { checkBackup } from './archive.ts';
