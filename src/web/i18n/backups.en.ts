// Settings → 'System' in English, key for key with backups.ts.
import type { backupTexts } from './backups.ts';

export const backupTextsEn: Record<keyof typeof backupTexts, string> = {
  'backups.now': 'Back up now',
  'backups.settingsOpen': 'Backup schedule',
  'backups.settingsTitle': 'Backup schedule',
  'backups.enabled': 'Back up automatically every day',
  'backups.time': 'Backup time',
  'backups.timeHint': "HH:MM, in the center's time zone",
  'backups.keepDaily': 'Daily backups kept',
  'backups.keepWeekly': 'Weekly backups kept',
  'backups.folder': 'Backup folder',
  'backups.folderHint':
    "An absolute path on the server (a mounted disk, say). Empty: the data folder's backups folder.",
  'backups.save': 'Save',
  'backups.cancel': 'Cancel',
  'backups.schedule': 'A backup every day at {time}; {daily} daily and {weekly} weekly kept.',
  'backups.scheduleOff': 'Automatic backups are off.',
  'backups.folderNow': 'Folder: {folder}',
  'backups.lastFailure': 'The last failed backup',
  'backups.failedAt': '{time}: {error}',
  'backups.progress': 'Backing up… {percent}%',
  'backups.progressLabel': 'Backup progress',
  'backups.none': 'No backups yet.',
  'backups.listLabel': 'Backups',
  'backups.colTime': 'Time',
  'backups.colSize': 'Size',
  'backups.colCheck': 'Check',
  'backups.manual': 'manual',
  'backups.running': 'Running',
  'backups.checkOk': 'Check passed',
  'backups.checkFailed': 'Failed',
  'backups.checkDetail':
    '{tables, plural, one {# table} other {# tables}}, {rows, plural, one {# row} other {# rows}}, {files, plural, one {# file} other {# files}}',
  'backups.download': 'Download',
  'backups.downloadLabel': 'Download the backup of {time}',
  'backups.sizeKb': '{n} KB',
  'backups.sizeMb': '{n} MB',
  'backups.restoreHow': 'To restore: stop the server, then run',
  'backups.postgresFiles':
    "The PostgreSQL database is backed up by its own tools (pg_dump, or the host's backups). Here only the uploaded files are backed up.",
  'backups.postgresOnly':
    "The PostgreSQL database (with the uploaded files, which are inside it) is backed up by its own tools: pg_dump, or the host's backups.",
};
