// Uploaded files under DATA_DIR/files, with names the server chooses (product.md §3):
// logos/logo-{timestamp}.{ext} and avatars/{auth_id}/avatar-{timestamp}.{ext}.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const FILES_URL_PREFIX = '/files/';

export class FileStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
  }

  /** Writes atomically (temp file, fsync, rename) and returns the public URL. */
  async save(relativePath: string, content: Uint8Array): Promise<string> {
    const target = this.#resolve(relativePath);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await fs.open(temp, 'w');
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
    return FILES_URL_PREFIX + relativePath;
  }

  /** Removes a file given its public URL; ignores URLs that are not ours or already gone. */
  async removeByUrl(url: string | null | undefined): Promise<void> {
    if (!url?.startsWith(FILES_URL_PREFIX)) return;
    try {
      await fs.rm(this.#resolve(url.slice(FILES_URL_PREFIX.length)), { force: true });
    } catch {
      // A leftover file is harmless; the database no longer points at it.
    }
  }

  #resolve(relativePath: string): string {
    const target = path.resolve(this.root, relativePath);
    if (!target.startsWith(this.root + path.sep)) throw new Error('Path escapes the file store');
    return target;
  }
}
