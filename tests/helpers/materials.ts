// Small real files of the kinds materials take (and some they refuse), built in memory.
import { crc32 } from 'node:zlib';
import type { TestClient } from './test-server.ts';

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
export const MP3 = Buffer.concat([
  Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.alloc(64),
]);
export const WAV = Buffer.concat([
  Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'),
  Buffer.alloc(32),
]);
export const OGG = Buffer.concat([Buffer.from('OggS\x00\x02', 'latin1'), Buffer.alloc(40)]);
export const M4A = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypM4A \x00\x00\x00\x00M4A isom', 'latin1'),
  Buffer.alloc(40),
]);
/** A Windows program: 'MZ' and a PE header further on. */
export const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00', 'latin1'),
  Buffer.alloc(60),
  Buffer.from('PE\x00\x00'),
]);

/** A zip of stored (uncompressed) entries, as a real zip reader reads it. */
export function zipOf(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
export const DOCX = zipOf({
  '[Content_Types].xml': CONTENT_TYPES,
  '_rels/.rels': '<Relationships/>',
  'word/document.xml': '<w:document/>',
});
export const XLSX = zipOf({
  '[Content_Types].xml': CONTENT_TYPES,
  'xl/workbook.xml': '<workbook/>',
});
export const PPTX = zipOf({
  '[Content_Types].xml': CONTENT_TYPES,
  'ppt/presentation.xml': '<p:presentation/>',
});
/** A zip that is no Office document. */
export const PLAIN_ZIP = zipOf({ 'notes.txt': 'hello', 'run.exe': EXE });

/** An old Office (OLE2) file: the signature and a directory naming its stream. */
export function oleWith(stream: string): Buffer {
  const file = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file);
  Buffer.from(stream, 'utf16le').copy(file, 1024);
  return file;
}

/** `size` bytes that start as `head` does. */
export function padded(head: Buffer, size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  head.copy(bytes);
  return bytes;
}

/** Uploads a file to a class or lesson as the web app does: the text fields first, then the file. */
export function uploadMaterial(
  client: TestClient,
  url: string,
  file: { bytes: Uint8Array; name: string; type?: string },
  fields: { title?: string; description?: string } = {},
) {
  const form = new FormData();
  if (fields.title !== undefined) form.append('title', fields.title);
  if (fields.description !== undefined) form.append('description', fields.description);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
    file.name,
  );
  return client.request('POST', url, { form });
}
