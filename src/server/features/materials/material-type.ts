// Recognises a material's file by its bytes as they stream in, never by the name or the type the
// client claims (docs/decisions/038-materials.md). The first bytes tell the family (and so the size
// limit): PDF, an image, audio, or an Office container (a zip, or the old OLE2 compound file). Which
// Office document a container is shows in the names of its parts, seen as the bytes pass:
// [Content_Types].xml with word/document.xml, xl/workbook.xml or ppt/presentation.xml for the
// OOXML files, the streams WordDocument, Workbook or 'PowerPoint Document' for the old ones.
import type { MaterialFamily } from '#common/materials.ts';
import { detectImageType } from '#server/features/files/index.ts';

export const MATERIAL_TYPES = {
  pdf: { extension: 'pdf', contentType: 'application/pdf', family: 'document' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg', family: 'image' },
  png: { extension: 'png', contentType: 'image/png', family: 'image' },
  webp: { extension: 'webp', contentType: 'image/webp', family: 'image' },
  gif: { extension: 'gif', contentType: 'image/gif', family: 'image' },
  mp3: { extension: 'mp3', contentType: 'audio/mpeg', family: 'audio' },
  m4a: { extension: 'm4a', contentType: 'audio/mp4', family: 'audio' },
  wav: { extension: 'wav', contentType: 'audio/wav', family: 'audio' },
  ogg: { extension: 'ogg', contentType: 'audio/ogg', family: 'audio' },
  docx: {
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    family: 'document',
  },
  xlsx: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    family: 'document',
  },
  pptx: {
    extension: 'pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    family: 'document',
  },
  doc: { extension: 'doc', contentType: 'application/msword', family: 'document' },
  xls: { extension: 'xls', contentType: 'application/vnd.ms-excel', family: 'document' },
  ppt: { extension: 'ppt', contentType: 'application/vnd.ms-powerpoint', family: 'document' },
} as const satisfies Record<
  string,
  { extension: string; contentType: string; family: MaterialFamily }
>;
export type MaterialType = keyof typeof MATERIAL_TYPES;

type Head = MaterialType | 'zip' | 'ole';

const ascii = (text: string) => Buffer.from(text, 'latin1');
const utf16 = (text: string) => Buffer.from(text, 'utf16le');
const startsWith = (bytes: Buffer, signature: Buffer, offset = 0) =>
  bytes.length >= offset + signature.length &&
  bytes.subarray(offset, offset + signature.length).equals(signature);

/** Brands of an ISO media file that hold audio (m4a, and mp4 files as phones record them). */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'mp41', 'mp42', 'isom', 'iso2', 'dash', '3gp4']);

/** Bytes needed to name the family; fewer at the end of a file: it is judged on what there is. */
const HEAD_BYTES = 16;

function typeOfHead(b: Buffer): Head | null {
  if (startsWith(b, ascii('%PDF-'))) return 'pdf';
  const image = detectImageType(b);
  if (image) return image;
  if (startsWith(b, ascii('ID3'))) return 'mp3';
  // An MPEG audio frame: 11 sync bits, a layer (not 0: that is AAC in ADTS).
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0)
    return 'mp3';
  if (startsWith(b, ascii('ftyp'), 4) && AUDIO_BRANDS.has(b.subarray(8, 12).toString('latin1')))
    return 'm4a';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WAVE'), 8)) return 'wav';
  if (startsWith(b, ascii('OggS'))) return 'ogg';
  if (startsWith(b, Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'zip';
  if (startsWith(b, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'ole';
  return null;
}

const NEEDLES = {
  zip: {
    contentTypes: ascii('[Content_Types].xml'),
    docx: ascii('word/document.xml'),
    xlsx: ascii('xl/workbook.xml'),
    pptx: ascii('ppt/presentation.xml'),
  },
  ole: {
    ppt: utf16('PowerPoint Document'),
    doc: utf16('WordDocument'),
    xls: utf16('Workbook'),
  },
} as const;
const LONGEST_NEEDLE = Math.max(
  ...Object.values(NEEDLES).flatMap((set) => Object.values(set).map((n) => n.length)),
);

/** Fed the bytes of one file in order; says its family as soon as it shows, its type at the end. */
export class ContentInspector {
  #head: Buffer = Buffer.alloc(0);
  #headType: Head | null | undefined;
  #found = new Set<string>();
  /** The end of the previous chunk, so a name split between two chunks is still seen. */
  #carry: Buffer = Buffer.alloc(0);
  size = 0;

  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.#headType === undefined) {
      this.#head = Buffer.concat([this.#head, chunk]);
      if (this.#head.length >= HEAD_BYTES) this.#decideHead();
      return;
    }
    if (this.#isContainer()) this.#scan(chunk);
  }

  /** The size limit's family, once the first bytes are in; null: not a type we take. */
  get family(): MaterialFamily | null | undefined {
    const head = this.#headType;
    if (head === undefined) return undefined;
    if (head === null) return null;
    return head === 'zip' || head === 'ole' ? 'document' : MATERIAL_TYPES[head].family;
  }

  /** The file's type when all of it has passed, or null when it is not one we take. */
  finish(): MaterialType | null {
    if (this.#headType === undefined) this.#decideHead();
    const head = this.#headType;
    if (head === 'zip') {
      if (!this.#found.has('contentTypes')) return null;
      return (['docx', 'xlsx', 'pptx'] as const).find((type) => this.#found.has(type)) ?? null;
    }
    if (head === 'ole') {
      return (['ppt', 'doc', 'xls'] as const).find((type) => this.#found.has(type)) ?? null;
    }
    return head ?? null;
  }

  #isContainer() {
    return this.#headType === 'zip' || this.#headType === 'ole';
  }

  /** Names the type from the first bytes; a container's first bytes are searched for names too. */
  #decideHead() {
    const head = this.#head;
    this.#head = Buffer.alloc(0);
    this.#headType = typeOfHead(head);
    if (this.#isContainer()) this.#scan(head);
  }

  #scan(chunk: Buffer) {
    const needles = NEEDLES[this.#headType as 'zip' | 'ole'];
    const window = Buffer.concat([this.#carry, chunk]);
    for (const [name, needle] of Object.entries(needles)) {
      if (!this.#found.has(name) && window.includes(needle)) this.#found.add(name);
    }
    this.#carry = Buffer.from(window.subarray(Math.max(0, window.length - (LONGEST_NEEDLE - 1))));
  }
}

/** The name a file is kept and sent under: the one given, with the extension of what it is. */
export function storedFileName(given: string | undefined, type: MaterialType): string {
  const base = (given ?? '')
    .replace(/^.*[\\/]/, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .slice(0, 150);
  return `${base || 'tai-lieu'}.${MATERIAL_TYPES[type].extension}`;
}
