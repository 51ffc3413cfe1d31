// Uploaded images (avatars, logos) under /files/, read through the file store (a folder or the
// database): only names the server itself gave, never anything a browser could run. The names
// carry their upload time, so a URL's bytes never change: cached for a year.
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage, StoredFile } from '#server/features/files/storage.ts';

const HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'accept-ranges': 'bytes',
};

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n`; null: serve the whole file. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const [, from = '', to = ''] = /^bytes=(\d*)-(\d*)$/.exec(header ?? '') ?? [];
  if (!from && !to) return null;
  if (!from) {
    // The last n bytes.
    const length = Number(to);
    return length > 0 ? { start: Math.max(0, size - length), end: size - 1 } : 'unsatisfiable';
  }
  const start = Number(from);
  // A backwards range is no range at all: the whole file, as the standard says.
  if (to && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: to ? Math.min(Number(to), size - 1) : size - 1 };
}

/** As @fastify/static wrote them before: a weak tag of the size and the time, both in hex. */
const etagOf = (file: StoredFile) =>
  `W/"${file.bytes.length.toString(16)}-${file.modifiedAt.getTime().toString(16)}"`;

function send(reply: FastifyReply, file: StoredFile, rangeHeader: string | undefined) {
  reply
    .headers(HEADERS)
    .header('content-type', file.contentType)
    .header('etag', etagOf(file))
    .header('last-modified', file.modifiedAt.toUTCString());
  const size = file.bytes.length;
  const range = byteRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  if (!range) return reply.send(file.bytes);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .send(file.bytes.subarray(range.start, range.end + 1));
}

export const uploadedFiles = fp<{ files: FileStorage }>(
  async (app, { files }) => {
    // Not part of the JSON API: kept out of its OpenAPI document, as the static files were.
    app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
      // The router has decoded the path: '%2e%2e' arrives as '..' and the store's rule refuses it.
      const relativePath = (request.params as { '*': string })['*'];
      const file = await files.read(relativePath);
      if (!file) return reply.callNotFound();
      return send(reply, file, request.headers.range);
    });
  },
  { name: 'uploaded-files' },
);
