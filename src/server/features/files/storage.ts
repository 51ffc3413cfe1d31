// Uploaded files (logos, avatars) with names the server chooses (product.md §3):
// logos/logo-{timestamp}.{ext} and avatars/{auth_id}/avatar-{timestamp}.{ext}. Where the bytes
// live is behind one interface: a folder under DATA_DIR (one host) or a database table (any
// number of hosts sharing one PostgreSQL database).
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, type ImageType } from './image-type.ts';

export const FILES_URL_PREFIX = '/files/';

/** What is served: only the image types uploads accept, never anything a browser could run. */
const CONTENT_TYPE_OF_EXTENSION = new Map(
  (Object.keys(IMAGE_EXTENSIONS) as ImageType[]).map((type) => [
    IMAGE_EXTENSIONS[type],
    IMAGE_CONTENT_TYPES[type],
  ]),
);

const SEGMENT = '[A-Za-z0-9][A-Za-z0-9_-]*';
const EXTENSION = `(?:${[...CONTENT_TYPE_OF_EXTENSION.keys()].join('|')})`;
// Plain segments and one extension: no '..', no dot-files, no empty segments, nothing encoded.
const STORED_PATH = new RegExp(`^(?:${SEGMENT}/){0,4}${SEGMENT}\\.${EXTENSION}$`);
const MAX_PATH_LENGTH = 200;

/** Whether a path is one the server could have given a file; every other path is refused. */
export function isStoredFilePath(relativePath: string): boolean {
  return relativePath.length <= MAX_PATH_LENGTH && STORED_PATH.test(relativePath);
}

/** The content type a stored path is served with, from its (already checked) extension. */
export function contentTypeOfPath(relativePath: string): string {
  const extension = relativePath.slice(relativePath.lastIndexOf('.') + 1);
  return CONTENT_TYPE_OF_EXTENSION.get(extension) ?? 'application/octet-stream';
}

/** The stored path a public URL points at, or null when the URL is not one of ours. */
export function storedPathOfUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(FILES_URL_PREFIX)) return null;
  const relativePath = url.slice(FILES_URL_PREFIX.length);
  return isStoredFilePath(relativePath) ? relativePath : null;
}

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  /** When it was written: the Last-Modified and ETag of the reply. */
  modifiedAt: Date;
}

export interface FileStorage {
  readonly kind: 'local' | 'database';
  /** Stores the bytes under a server-chosen path (replacing what was there); the public URL. */
  save(relativePath: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** The file at a path, or null when there is none (or the path breaks the rule). */
  read(relativePath: string): Promise<StoredFile | null>;
  /** Removes the file a public URL points at; URLs that are not ours, or gone, are ignored. */
  remove(url: string | null | undefined): Promise<void>;
}

/** Where bytes go. It only ever sees paths that keep the rule. */
export interface FileBackend {
  readonly kind: FileStorage['kind'];
  write(relativePath: string, bytes: Uint8Array, contentType: string): Promise<void>;
  read(relativePath: string): Promise<StoredFile | null>;
  delete(relativePath: string): Promise<void>;
}

/** A backend behind the path rule and the public URLs, the same for every backend. */
export function fileStorageOver(backend: FileBackend): FileStorage {
  return {
    kind: backend.kind,
    async save(relativePath, bytes, contentType) {
      // The server names files, so a name outside the rule is a programming error.
      if (!isStoredFilePath(relativePath))
        throw new Error(`Not a stored file path: ${relativePath}`);
      await backend.write(relativePath, bytes, contentType);
      return FILES_URL_PREFIX + relativePath;
    },
    async read(relativePath) {
      return isStoredFilePath(relativePath) ? backend.read(relativePath) : null;
    },
    async remove(url) {
      const relativePath = storedPathOfUrl(url);
      if (!relativePath) return;
      try {
        await backend.delete(relativePath);
      } catch {
        // A leftover file is harmless: nothing points at it any more.
      }
    },
  };
}
