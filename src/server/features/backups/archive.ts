// What one backup file holds and how it is checked (docs/decisions/042-backups.md). A backup is
// a ustar file: database.sqlite (SQLite's online backup of the database, absent on PostgreSQL),
// files/… and materials/… (the uploaded images and class materials, FILE_STORAGE=local), secrets.key when the sealing key lives in the
// data folder (without it the restored secrets could not be opened), and manifest.json last: the
// schema's last migration, every table's row count, and every entry's size and SHA-256.
// The check reads the file back as it is on disk: every entry against the manifest, the database
// opened read-only (PRAGMA integrity_check, the row counts, the migration), and every file the
// backed-up database points at present in the archive. The restore script runs the same check.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { storedPathOfUrl } from '#server/features/files/index.ts';
import { extractEntry, hashEntry, listTar, type TarEntry } from './tar.ts';

export const BACKUP_FORMAT = 'edu-center-backup';
export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_ENTRY = 'database.sqlite';
export const SECRETS_ENTRY = 'secrets.key';
export const FILES_PREFIX = 'files/';
/** The data folder's folders of uploaded bytes (FILE_STORAGE=local), copied as they are. */
export const UPLOAD_FOLDERS = ['files', 'materials'] as const;
export const isUploadEntry = (entry: string) =>
  UPLOAD_FOLDERS.some((folder) => entry.startsWith(`${folder}/`));

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  created_at: z.string(),
  /** Which database the server ran on; only 'sqlite' backups carry the database. */
  database: z.enum(['sqlite', 'postgres']),
  /** Where the uploaded bytes lived: 'local' ones are in the archive, 'database' ones inside it. */
  file_storage: z.enum(['local', 'database']),
  /** The last migration applied to the copied database (null on PostgreSQL). */
  migration: z.string().nullable(),
  tables: z.record(z.string(), z.number()),
  entries: z.array(z.object({ path: z.string(), size: z.number(), sha256: z.string() })),
});
export type Manifest = z.infer<typeof manifestSchema>;

export interface BackupCheck {
  ok: boolean;
  integrity: string | null;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  migration: string | null;
  problems: string[];
}

/** Every table of a SQLite database and its row count (SQLite's own tables left out). */
export function countRows(database: DatabaseSync): Record<string, number> {
  const tables = database
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
    )
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => {
      const row = database.prepare(`select count(*) as n from "${name}"`).get() as { n: number };
      return [name, Number(row.n)];
    }),
  );
}

export function lastMigration(database: DatabaseSync): string | null {
  try {
    const row = database
      .prepare('select name from kysely_migration order by name desc limit 1')
      .get() as { name: string } | undefined;
    return row?.name ?? null;
  } catch {
    return null;
  }
}

/**
 * The archive entries a database points at: the center's logo and the avatars (files/…), the
 * class materials kept as files (materials/<id>).
 */
export function referencedFiles(database: DatabaseSync): string[] {
  const materials = database
    .prepare("select material_id from class_materials where kind = 'file'")
    .all() as { material_id: string }[];
  const urls = [
    ...(database.prepare('select logo_url as url from center_settings').all() as {
      url: string | null;
    }[]),
    ...(database
      .prepare('select avatar_url as url from users where avatar_url is not null')
      .all() as {
      url: string | null;
    }[]),
  ];
  return [
    ...urls.flatMap(({ url }) => {
      const stored = storedPathOfUrl(url);
      return stored ? [`${FILES_PREFIX}${stored}`] : [];
    }),
    ...materials.map(({ material_id }) => `materials/${material_id}`),
  ];
}

/**
 * Checks a backup file. `keepDatabase`: where to leave the extracted database (the restore
 * script puts it in place); otherwise it is extracted next to the archive and removed.
 */
export async function checkBackup(
  file: string,
  options: { keepDatabase?: string } = {},
): Promise<{ check: BackupCheck; manifest: Manifest | null; entries: TarEntry[] }> {
  const problems: string[] = [];
  const check: BackupCheck = {
    ok: false,
    integrity: null,
    tables: 0,
    rows: 0,
    files: 0,
    bytes: 0,
    migration: null,
    problems,
  };
  let entries: TarEntry[];
  try {
    entries = await listTar(file);
    check.bytes = (await fs.stat(file)).size;
  } catch (error) {
    problems.push(`unreadable: ${(error as Error).message}`);
    return { check, manifest: null, entries: [] };
  }
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  const manifestEntry = byPath.get(MANIFEST_NAME);
  let manifest: Manifest | null = null;
  if (!manifestEntry) {
    problems.push('no manifest.json');
  } else {
    const temp = `${file}.${randomBytes(4).toString('hex')}.manifest`;
    try {
      await extractEntry(file, manifestEntry, temp);
      const parsed = manifestSchema.safeParse(JSON.parse(await fs.readFile(temp, 'utf8')));
      if (parsed.success) manifest = parsed.data;
      else problems.push('manifest.json is not a backup manifest');
    } catch (error) {
      problems.push(`manifest.json unreadable: ${(error as Error).message}`);
    } finally {
      await fs.rm(temp, { force: true });
    }
  }
  if (!manifest) return { check, manifest, entries };
  check.migration = manifest.migration;
  const listed = new Set(manifest.entries.map((entry) => entry.path));
  for (const entry of entries) {
    if (entry.path !== MANIFEST_NAME && !listed.has(entry.path)) {
      problems.push(`${entry.path}: not in the manifest`);
    }
  }
  for (const expected of manifest.entries) {
    const entry = byPath.get(expected.path);
    if (!entry) {
      problems.push(`${expected.path}: missing`);
      continue;
    }
    if (entry.size !== expected.size) {
      problems.push(`${expected.path}: ${entry.size} bytes, the manifest says ${expected.size}`);
      continue;
    }
    if ((await hashEntry(file, entry)) !== expected.sha256) {
      problems.push(`${expected.path}: its SHA-256 differs from the manifest's`);
    }
  }
  check.files = manifest.entries.filter((entry) => isUploadEntry(entry.path)).length;
  const databaseEntry = byPath.get(DATABASE_ENTRY);
  if (manifest.database === 'sqlite') {
    if (!databaseEntry) {
      problems.push('database.sqlite: missing');
    } else {
      const target =
        options.keepDatabase ?? `${file}.${randomBytes(4).toString('hex')}.check.sqlite`;
      try {
        await extractEntry(file, databaseEntry, target);
        const database = new DatabaseSync(target, { readOnly: true });
        try {
          const integrity = database.prepare('PRAGMA integrity_check').all() as {
            integrity_check: string;
          }[];
          check.integrity = integrity.map((row) => row.integrity_check).join('; ');
          if (check.integrity !== 'ok') problems.push(`integrity_check: ${check.integrity}`);
          const counts = countRows(database);
          check.tables = Object.keys(counts).length;
          check.rows = Object.values(counts).reduce((a, b) => a + b, 0);
          for (const [table, rows] of Object.entries(manifest.tables)) {
            if (counts[table] !== rows) {
              problems.push(`${table}: ${counts[table] ?? 'no'} rows, the manifest says ${rows}`);
            }
          }
          const migration = lastMigration(database);
          if (migration !== manifest.migration) {
            problems.push(`migration ${migration}, the manifest says ${manifest.migration}`);
          }
          if (manifest.file_storage === 'local') {
            for (const stored of referencedFiles(database)) {
              if (!byPath.has(stored)) {
                problems.push(`${stored}: pointed at by the database, not in the backup`);
              }
            }
          }
        } finally {
          database.close();
        }
      } catch (error) {
        problems.push(`database.sqlite unreadable: ${(error as Error).message}`);
      } finally {
        if (!options.keepDatabase) await fs.rm(target, { force: true });
      }
    }
  }
  check.ok = problems.length === 0;
  return { check, manifest, entries };
}

/** Every regular file under a folder, as paths relative to it ('/'-separated). */
export async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string) => {
    let items: import('node:fs').Dirent[];
    try {
      items = await fs.readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return;
      throw error;
    }
    for (const item of items) {
      const full = path.join(folder, item.name);
      if (item.isDirectory()) await walk(full);
      // A file being written (a temp file, renamed once whole) is not one yet.
      else if (item.isFile() && !/\.(tmp|part)$/.test(item.name)) {
        found.push(path.relative(root, full).split(path.sep).join('/'));
      }
    }
  };
  await walk(root);
  return found.sort();
}
