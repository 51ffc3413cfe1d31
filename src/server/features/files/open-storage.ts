// Chooses the file store at start-up: FILE_STORAGE, else the database when it is PostgreSQL
// (several hosts may share it) and the folder when it is the embedded SQLite file.
import type { Kysely } from 'kysely';
import type { Config } from '#server/config.ts';
import type { Clock } from '#server/context.ts';
import type { DatabaseHandle } from '#server/db/connection.ts';
import type { Database } from '#server/db/schema.ts';
import { DatabaseFiles } from './database-storage.ts';
import { LocalFolder } from './local-storage.ts';
import { type FileStorage, fileStorageOver, storedPathOfUrl } from './storage.ts';

/** The files something points at: the center's logo and the avatars. */
async function referencedFiles(db: Kysely<Database>): Promise<string[]> {
  const [logos, avatars] = await Promise.all([
    db.selectFrom('center_settings').select('logo_url as url').execute(),
    db
      .selectFrom('users')
      .select('avatar_url as url')
      .where('avatar_url', 'is not', null)
      .execute(),
  ]);
  return [...logos, ...avatars].flatMap(({ url }) => storedPathOfUrl(url) ?? []);
}

export async function openFileStorage(
  config: Pick<Config, 'dataDir' | 'fileStorage'>,
  database: DatabaseHandle,
  clock: Clock,
): Promise<FileStorage> {
  const folder = new LocalFolder(config.dataDir);
  if (config.fileStorage === 'local') return fileStorageOver(folder);
  const table = new DatabaseFiles(database.db, () => clock.now());
  // Files uploaded to this host's folder before the switch keep their URLs. Only those still
  // pointed at: a file replaced since must not come back.
  await table.adopt(folder, await referencedFiles(database.db));
  return fileStorageOver(table);
}
