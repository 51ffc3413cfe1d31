// Backups' server messages in English, by the same codes as backup-messages.ts.
import type { backupMessages } from './backup-messages.ts';

export const backupMessagesEn: Record<keyof typeof backupMessages, string> = {
  BACKUP_TIME_INVALID: 'The backup time must be HH:MM (00:00 to 23:59).',
  BACKUP_KEEP_INVALID:
    'The number of backups kept must be a whole number: daily from 1 to 365, weekly from 0 to 520.',
  BACKUP_FOLDER_NOT_ABSOLUTE: 'The backup folder must be an absolute path (starting with /).',
  BACKUP_FOLDER_NOT_WRITABLE: 'The server cannot write to the backup folder {folder}.',
  BACKUP_FOLDER_PUBLIC:
    "The backup folder may not be inside the web app's public folder or the uploaded files' folder.",
  BACKUP_SETTINGS_SAVED: 'The backup settings were saved.',
  BACKUP_STARTED: 'Backing up…',
  BACKUP_RUNNING: 'A backup is already running. Please wait for it to finish.',
  BACKUP_NOTHING_TO_COPY:
    'Nothing to back up here: the PostgreSQL database and the files inside it are backed up with pg_dump.',
  BACKUP_FILE_GONE: 'This backup file is no longer in the backup folder.',
} as const;
