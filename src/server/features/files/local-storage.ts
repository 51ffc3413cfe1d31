// Uploaded files in a folder (DATA_DIR/files): the default, for a center on one host.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { deleteWhenFree } from '#server/lib/held-deletes.ts';
import { contentTypeOfPath, type FileBackend, type StoredFile } from './storage.ts';

export class LocalFolder implements FileBackend {
  readonly kind = 'local';
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
  }

  /** Atomic (temp file, fsync, rename): a reader sees the old file or the whole new one. */
  async write(relativePath: string, bytes: Uint8Array): Promise<void> {
    const target = this.#resolve(relativePath);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await fs.open(temp, 'w');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
  }

  async read(relativePath: string): Promise<StoredFile | null> {
    try {
      // One open file for both: a file replaced between a stat and a read cannot mix the two.
      const handle = await fs.open(this.#resolve(relativePath), 'r');
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) return null;
        const bytes = await handle.readFile();
        return { bytes, contentType: contentTypeOfPath(relativePath), modifiedAt: stat.mtime };
      } finally {
        await handle.close();
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async delete(relativePath: string): Promise<void> {
    // Held while a backup copies the folder (lib/held-deletes.ts).
    const target = this.#resolve(relativePath);
    await deleteWhenFree(target, () => fs.rm(target, { force: true }));
  }

  /** Confined to the folder, a second guard behind the path rule. */
  #resolve(relativePath: string): string {
    const target = path.resolve(this.root, relativePath);
    if (!target.startsWith(this.root + path.sep)) throw new Error('Path escapes the file store');
    return target;
  }
}
