// Sends a material's file: its real type, its name as given (UTF-8, with an ASCII fallback), never
// sniffed, never cached by a shared cache. PDFs, images and audio open in the browser; Office
// documents are downloaded. Anything shown in the browser but a PDF is sandboxed (Chrome's PDF viewer
// refuses to run inside a sandbox).
import type { FastifyReply } from 'fastify';
import type { MaterialStore } from './material-store.ts';

const OPENED_IN_BROWSER = /^(application\/pdf|image\/|audio\/)/;

/** `inline` or `attachment` with the name: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function sendMaterialFile(
  reply: FastifyReply,
  store: MaterialStore,
  row: { material_id: string; file_name: string | null; content_type: string | null },
  size: number,
  range: { start: number; end: number } | 'unsatisfiable' | null,
) {
  const contentType = row.content_type ?? 'application/octet-stream';
  const opened = OPENED_IN_BROWSER.test(contentType);
  reply
    .header('content-type', contentType)
    .header(
      'content-disposition',
      contentDisposition(opened ? 'inline' : 'attachment', row.file_name ?? 'tai-lieu'),
    )
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes');
  if (contentType !== 'application/pdf') {
    reply.header('content-security-policy', "default-src 'none'; media-src 'self'; sandbox");
  }
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  if (size === 0) return reply.header('content-length', '0').send(Buffer.alloc(0));
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-length', String(end - start + 1));
  return reply.send(store.read(row.material_id, { start, end }));
}
