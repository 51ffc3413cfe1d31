// Deleting uploaded bytes waits while a backup copies them (docs/decisions/042-backups.md). The
// backup's database copy stands for one instant, the end of its last step; an upload that replaces
// a file right after that instant deletes the old file, which the copy still points at. So while a
// backup of a data folder runs, deletions of files under it are queued and done when it ends:
// every file the copied database points at is still there for the backup to take.
import path from 'node:path';

interface Hold {
  count: number;
  pending: Array<() => Promise<void>>;
}

const holds = new Map<string, Hold>();

/** Holds deletions under `dataDir` until the returned function is called (and runs them then). */
export function holdDeletes(dataDir: string): () => Promise<void> {
  const key = path.resolve(dataDir);
  const hold = holds.get(key) ?? { count: 0, pending: [] };
  hold.count++;
  holds.set(key, hold);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    hold.count--;
    if (hold.count > 0) return;
    holds.delete(key);
    for (const remove of hold.pending) await remove().catch(() => {});
  };
}

/** Deletes now, or when the backups of the data folder holding `file` end. */
export async function deleteWhenFree(file: string, remove: () => Promise<void>): Promise<void> {
  const resolved = path.resolve(file);
  for (const [dataDir, hold] of holds) {
    if (resolved.startsWith(dataDir + path.sep)) {
      hold.pending.push(remove);
      return;
    }
  }
  await remove();
}
