// Where a material's bytes live (docs/decisions/038-materials.md): beside the uploaded images'
// store and chosen the same way (FILE_STORAGE), but never under the public /files/ route. The folder
// is DATA_DIR/materials/{material_id}, outside DATA_DIR/files that /files/ reads; the database keeps
// them in material_chunks, 1 MiB a row. Both are written and read piece by piece: an upload or a
// download never holds a whole file in memory.

import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { deleteWhenFree } from '#server/lib/held-deletes.ts';

export const CHUNK_BYTES = 1_048_576;

export interface MaterialWriter {
  write(chunk: Buffer): Promise<void>;
  /** Everything written is kept under the material's id. */
  finish(): Promise<void>;
  /** Nothing written is kept. */
  abort(): Promise<void>;
}

export interface MaterialStore {
  writer(materialId: string): Promise<MaterialWriter>;
  /** Bytes start..end (inclusive) of a file of `size` bytes. */
  read(materialId: string, range: { start: number; end: number }): Readable;
  /** Whether the bytes are there (a folder copied without them, a store switched since). */
  has(materialId: string): Promise<boolean>;
  remove(materialId: string): Promise<void>;
}

/** Material ids are server-made UUIDs; anything else never reaches a path. */
const SAFE_ID = /^[0-9a-f-]{36}$/;
function checkedId(materialId: string) {
  if (!SAFE_ID.test(materialId)) throw new Error(`Not a material id: ${materialId}`);
  return materialId;
}

export function folderStore(dataDir: string): MaterialStore {
  const root = path.join(dataDir, 'materials');
  const fileOf = (materialId: string) => path.join(root, checkedId(materialId));
  return {
    async writer(materialId) {
      await fs.mkdir(root, { recursive: true });
      const target = fileOf(materialId);
      const temp = `${target}.part`;
      const handle = await fs.open(temp, 'w');
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await handle.close();
      };
      return {
        async write(chunk) {
          await handle.write(chunk);
        },
        async finish() {
          await handle.sync();
          await close();
          await fs.rename(temp, target);
        },
        async abort() {
          await close();
          await fs.rm(temp, { force: true });
        },
      };
    },
    read(materialId, range) {
      return createReadStream(fileOf(materialId), { start: range.start, end: range.end });
    },
    async has(materialId) {
      return fs.stat(fileOf(materialId)).then(
        (stat) => stat.isFile(),
        () => false,
      );
    },
    async remove(materialId) {
      // Held while a backup copies the folder (lib/held-deletes.ts).
      const file = fileOf(materialId);
      await deleteWhenFree(file, () => fs.rm(file, { force: true }));
    },
  };
}

const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function databaseStore(db: Kysely<Database>): MaterialStore {
  const remove = async (materialId: string) => {
    await db.deleteFrom('material_chunks').where('material_id', '=', materialId).execute();
  };
  return {
    async writer(materialId) {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let seq = 0;
      const flush = async (bytes: Buffer) => {
        await db
          .insertInto('material_chunks')
          .values({ material_id: materialId, seq: seq++, bytes })
          .execute();
      };
      return {
        async write(chunk) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          while (pendingBytes >= CHUNK_BYTES) {
            const all = Buffer.concat(pending);
            await flush(all.subarray(0, CHUNK_BYTES));
            const rest = all.subarray(CHUNK_BYTES);
            pending = rest.length ? [Buffer.from(rest)] : [];
            pendingBytes = rest.length;
          }
        },
        async finish() {
          if (pendingBytes > 0) await flush(Buffer.concat(pending));
          pending = [];
        },
        async abort() {
          pending = [];
          await remove(materialId);
        },
      };
    },
    read(materialId, { start, end }) {
      async function* pieces() {
        for (
          let seq = Math.floor(start / CHUNK_BYTES);
          seq <= Math.floor(end / CHUNK_BYTES);
          seq++
        ) {
          const row = await db
            .selectFrom('material_chunks')
            .select('bytes')
            .where('material_id', '=', materialId)
            .where('seq', '=', seq)
            .executeTakeFirst();
          if (!row) return;
          const bytes = asBuffer(row.bytes);
          const from = seq * CHUNK_BYTES;
          yield bytes.subarray(Math.max(0, start - from), Math.min(bytes.length, end - from + 1));
        }
      }
      return Readable.from(pieces());
    },
    async has(materialId) {
      const first = await db
        .selectFrom('material_chunks')
        .select('seq')
        .where('material_id', '=', materialId)
        .where('seq', '=', 0)
        .executeTakeFirst();
      return first !== undefined;
    },
    remove,
  };
}
