// A small ustar (POSIX tar) writer and reader: one backup is one .tar any tar program opens
// (docs/decisions/042-backups.md). Regular files only; names up to 255 bytes (prefix + name).
// No npm dependency: the format is 512-byte headers and contents padded to 512 bytes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) {
      return { prefix, name: rest };
    }
  }
  throw new Error(`A name too long for a tar entry: ${name}`);
}

export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK, 0);
  const parts = splitName(name);
  header.write(parts.name, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 8, 'ascii');
  header.write(octal(0, 8), 108, 8, 'ascii');
  header.write(octal(0, 8), 116, 8, 'ascii');
  header.write(octal(size, 12), 124, 12, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, 'ascii');
  header.write('        ', 148, 8, 'ascii');
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  header.write(parts.prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return header;
}

export interface WrittenEntry {
  path: string;
  size: number;
  sha256: string;
}

/** Writes entries one after the other into an open file; each entry's SHA-256 is returned. */
export class TarWriter {
  #handle: FileHandle;
  #position = 0;

  constructor(handle: FileHandle) {
    this.#handle = handle;
  }

  get bytesWritten(): number {
    return this.#position;
  }

  async #write(bytes: Uint8Array) {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await this.#handle.write(bytes, done, bytes.length - done);
      done += bytesWritten;
    }
    this.#position += bytes.length;
  }

  async #pad(size: number) {
    const rest = size % BLOCK;
    if (rest) await this.#write(Buffer.alloc(BLOCK - rest, 0));
  }

  async addBuffer(name: string, bytes: Uint8Array, mtime = new Date()): Promise<WrittenEntry> {
    await this.#write(tarHeader(name, bytes.length, mtime));
    await this.#write(bytes);
    await this.#pad(bytes.length);
    return {
      path: name,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  }

  /** Copies a file in chunks (never the whole file in memory), hashing what it copies. */
  async addFile(name: string, source: string): Promise<WrittenEntry> {
    const input = await fs.promises.open(source, 'r');
    try {
      const stat = await input.stat();
      await this.#write(tarHeader(name, stat.size, stat.mtime));
      const hash = createHash('sha256');
      const chunk = Buffer.alloc(1 << 20);
      let copied = 0;
      while (copied < stat.size) {
        const { bytesRead } = await input.read(
          chunk,
          0,
          Math.min(chunk.length, stat.size - copied),
        );
        if (bytesRead === 0) throw new Error(`${source} shrank while it was copied`);
        const piece = chunk.subarray(0, bytesRead);
        hash.update(piece);
        await this.#write(piece);
        copied += bytesRead;
      }
      await this.#pad(stat.size);
      return { path: name, size: stat.size, sha256: hash.digest('hex') };
    } finally {
      await input.close();
    }
  }

  /** The end of the archive: two zero blocks. */
  async finish() {
    await this.#write(Buffer.alloc(BLOCK * 2, 0));
  }
}

export interface TarEntry {
  path: string;
  size: number;
  /** Where the content starts in the file. */
  offset: number;
}

function readText(block: Buffer, start: number, length: number): string {
  const slice = block.subarray(start, start + length);
  const end = slice.indexOf(0);
  return slice.subarray(0, end === -1 ? slice.length : end).toString('utf8');
}

/** The entries of a tar file (headers only). Throws on a damaged header. */
export async function listTar(file: string): Promise<TarEntry[]> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size: total } = await handle.stat();
    const entries: TarEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    let position = 0;
    while (position + BLOCK <= total) {
      const { bytesRead } = await handle.read(block, 0, BLOCK, position);
      if (bytesRead < BLOCK) break;
      if (block.every((byte) => byte === 0)) return entries;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] as number);
      const stored = Number.parseInt(readText(block, 148, 8).trim(), 8);
      if (stored !== sum) throw new Error(`A damaged tar header at byte ${position}`);
      const name = readText(block, 0, 100);
      const prefix = readText(block, 345, 155);
      const size = Number.parseInt(readText(block, 124, 12).trim() || '0', 8);
      const type = readText(block, 156, 1);
      if (type === '0' || type === '') {
        entries.push({ path: prefix ? `${prefix}/${name}` : name, size, offset: position + BLOCK });
      }
      position += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
      if (position > total) throw new Error('The tar file ends in the middle of an entry');
    }
    throw new Error('The tar file has no end marker');
  } finally {
    await handle.close();
  }
}

/** One entry's bytes as a stream. */
export function entryStream(file: string, entry: TarEntry): fs.ReadStream {
  return fs.createReadStream(file, {
    start: entry.offset,
    end: entry.offset + entry.size - 1,
  });
}

/** Hashes an entry without holding it in memory. */
export async function hashEntry(file: string, entry: TarEntry): Promise<string> {
  if (entry.size === 0) return createHash('sha256').digest('hex');
  const hash = createHash('sha256');
  for await (const chunk of entryStream(file, entry)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Copies an entry out to a file. */
export async function extractEntry(file: string, entry: TarEntry, target: string): Promise<void> {
  if (entry.size === 0) {
    await fs.promises.writeFile(target, '');
    return;
  }
  const { pipeline } = await import('node:stream/promises');
  await pipeline(entryStream(file, entry), fs.createWriteStream(target));
}
