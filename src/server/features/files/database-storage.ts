// Uploaded files in the database (the stored_files table): every server process on one
// PostgreSQL database saves and serves the same files, which a folder on one host cannot give.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { LocalFolder } from './local-storage.ts';
import type { FileBackend, StoredFile } from './storage.ts';

export class DatabaseFiles implements FileBackend {
  readonly kind = 'database';
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;

  constructor(db: Kysely<Database>, now: () => Date) {
    this.#db = db;
    this.#now = now;
  }

  /** One statement: a reader on any host sees the old row or the whole new one. */
  async write(relativePath: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.#insert(relativePath, { bytes, contentType, modifiedAt: this.#now() }, 'replace');
  }

  async read(relativePath: string): Promise<StoredFile | null> {
    const row = await this.#db
      .selectFrom('stored_files')
      .select(['content_type', 'bytes', 'created_at'])
      .where('path', '=', relativePath)
      .executeTakeFirst();
    if (!row) return null;
    // pg reads bytea as a Buffer, node:sqlite a blob as a Uint8Array: one shape for the reply.
    const bytes = Buffer.isBuffer(row.bytes)
      ? row.bytes
      : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
    return { bytes, contentType: row.content_type, modifiedAt: new Date(row.created_at) };
  }

  async delete(relativePath: string): Promise<void> {
    await this.#db.deleteFrom('stored_files').where('path', '=', relativePath).execute();
  }

  /**
   * Copies into the table those of the given paths that it lacks and the folder holds. Several
   * hosts may do it at once: the first copy wins.
   */
  async adopt(folder: LocalFolder, relativePaths: string[]): Promise<number> {
    if (relativePaths.length === 0) return 0;
    // The paths alone, never the bytes; all of them, as a list of thousands would not bind.
    const stored = await this.#db.selectFrom('stored_files').select('path').execute();
    const present = new Set(stored.map((row) => row.path));
    let copied = 0;
    for (const relativePath of relativePaths.filter((p) => !present.has(p))) {
      const file = await folder.read(relativePath);
      if (file && (await this.#insert(relativePath, file, 'keep'))) copied += 1;
    }
    return copied;
  }

  /** Inserts a row; on a row already at the path, replaces it or keeps it. Whether it wrote. */
  async #insert(
    relativePath: string,
    file: { bytes: Uint8Array; contentType: string; modifiedAt: Date },
    existing: 'replace' | 'keep',
  ): Promise<boolean> {
    const result = await this.#db
      .insertInto('stored_files')
      .values({
        path: relativePath,
        content_type: file.contentType,
        bytes: file.bytes,
        size: file.bytes.byteLength,
        created_at: file.modifiedAt.toISOString(),
      })
      .onConflict((conflict) =>
        existing === 'keep'
          ? conflict.column('path').doNothing()
          : conflict.column('path').doUpdateSet((eb) => ({
              content_type: eb.ref('excluded.content_type'),
              bytes: eb.ref('excluded.bytes'),
              size: eb.ref('excluded.size'),
              created_at: eb.ref('excluded.created_at'),
            })),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
