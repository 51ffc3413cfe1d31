// Restores a backup made by Settings → System (docs/decisions/042-backups.md) on a stopped server:
//   npm run restore -- /path/to/edu-center-backup-….tar
// It reads the server's own configuration (.env, DATA_DIR). It refuses
//  - while the server runs (the database file is in use: an exclusive lock cannot be taken),
//  - a file that fails the check (every entry against the manifest, the database's integrity),
//  - on PostgreSQL (the database's own tools restore it: README, 'Backups and restore').
// It unpacks into a new folder beside DATA_DIR, moves the current DATA_DIR aside to
// DATA_DIR.before-restore-<time> (nothing is deleted), puts the new folder in its place, moves
// the backups folder back in, and prints what it did.
import fs from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ConfigError, loadConfig } from '#server/config.ts';
import { SQLITE_FILE_NAME } from '#server/db/connection.ts';
import { DATABASE_ENTRY, isUploadEntry, SECRETS_ENTRY } from '#server/features/backups/archive.ts';
import { checkBackup } from '#server/features/backups/index.ts';
import { extractEntry } from '#server/features/backups/tar.ts';

class RestoreError extends Error {}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/** Whether another process (the server) has the database open: it holds a lock we cannot take. */
function databaseInUse(file: string): boolean {
  const database = new DatabaseSync(file, { timeout: 0 });
  try {
    database.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;');
    database.exec('COMMIT');
    return false;
  } catch {
    return true;
  } finally {
    database.close();
  }
}

async function restore(archive: string, print: (line: string) => void) {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new RestoreError(
      'DATABASE_URL is set: this server runs on PostgreSQL, whose backups are pg_dump files. Restore them with pg_restore (README, "Backups and restore").',
    );
  }
  const file = path.resolve(archive);
  if (!(await exists(file))) throw new RestoreError(`No such file: ${file}`);
  const dataDir = config.dataDir;
  const currentDatabase = path.join(dataDir, SQLITE_FILE_NAME);
  if ((await exists(currentDatabase)) && databaseInUse(currentDatabase)) {
    throw new RestoreError(
      `The database ${currentDatabase} is in use: stop the server first, then run the restore again.`,
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const incoming = `${dataDir}.restoring-${stamp}`;
  await fs.mkdir(incoming, { recursive: true });
  try {
    print(`Checking ${file}…`);
    const { check, manifest, entries } = await checkBackup(file, {
      keepDatabase: path.join(incoming, SQLITE_FILE_NAME),
    });
    if (!check.ok || !manifest) {
      throw new RestoreError(
        `The backup fails its check; nothing was changed:\n  ${check.problems.join('\n  ')}`,
      );
    }
    if (manifest.database !== 'sqlite') {
      throw new RestoreError(
        'This backup holds only the uploaded files of a PostgreSQL server: restore its database with pg_restore.',
      );
    }
    print(
      `  checked: integrity ${check.integrity}, ${check.tables} tables, ${check.rows} rows, ${check.files} files, migration ${check.migration}`,
    );
    let files = 0;
    for (const entry of entries) {
      if (entry.path === DATABASE_ENTRY) continue;
      if (entry.path !== SECRETS_ENTRY && !isUploadEntry(entry.path)) continue;
      const target = path.resolve(incoming, entry.path);
      if (!target.startsWith(incoming + path.sep)) {
        throw new RestoreError(`An entry escapes the data folder: ${entry.path}`);
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      await extractEntry(file, entry, target);
      if (entry.path !== SECRETS_ENTRY) files++;
    }
    // Checked again once in place: what the server will open is what was checked.
    const placed = new DatabaseSync(path.join(incoming, SQLITE_FILE_NAME), { readOnly: true });
    try {
      const integrity = placed.prepare('PRAGMA integrity_check').get() as {
        integrity_check: string;
      };
      if (integrity.integrity_check !== 'ok') {
        throw new RestoreError(
          `The unpacked database fails its integrity check: ${integrity.integrity_check}`,
        );
      }
    } finally {
      placed.close();
    }
    let aside: string | null = null;
    if (await exists(dataDir)) {
      aside = `${dataDir}.before-restore-${stamp}`;
      await fs.rename(dataDir, aside);
      print(`Moved the current data folder aside: ${aside}`);
    }
    await fs.rename(incoming, dataDir);
    if (aside && (await exists(path.join(aside, 'backups')))) {
      await fs.rename(path.join(aside, 'backups'), path.join(dataDir, 'backups'));
      print(`Moved the backups folder back: ${path.join(dataDir, 'backups')}`);
    }
    print(
      `Restored the backup of ${manifest.created_at} into ${dataDir}: the database (${check.rows} rows) and ${files} files.`,
    );
    print('Start the server now (npm start).');
  } catch (error) {
    await fs.rm(incoming, { recursive: true, force: true });
    throw error;
  }
}

const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.length !== 1 || args[0]?.startsWith('-')) {
  process.stderr.write('Usage: npm run restore -- /path/to/edu-center-backup-….tar\n');
  process.exit(2);
}
try {
  await restore(args[0] as string, (line) => process.stdout.write(`${line}\n`));
} catch (error) {
  if (error instanceof RestoreError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
