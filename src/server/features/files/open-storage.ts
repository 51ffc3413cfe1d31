// Chooses the file store at start-up: FILE_STORAGE, else the database when it is PostgreSQL
// (several hosts may share it) and the folder when it is the embedded SQLite file.
import type { Config } from '#server/config.ts';
import type { Clock } from '#server/context.ts';
import type { DatabaseHandle } from '#server/db/connection.ts';
import { DatabaseFiles } from './database-storage.ts';
import { LocalFolder } from './local-storage.ts';
import { type FileStorage, fileStorageOver } from './storage.ts';

export async function openFileStorage(
  config: Pick<Config, 'dataDir' | 'fileStorage'>,
  database: DatabaseHandle,
  clock: Clock,
): Promise<FileStorage> {
  const folder = new LocalFolder(config.dataDir);
  if (config.fileStorage === 'local') return fileStorageOver(folder);
  const table = new DatabaseFiles(database.db, () => clock.now());
  await table.adopt(folder);
  return fileStorageOver(table);
}
