// Recognises image files by their first bytes, never by the name or type the client claims.

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
};

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  return null;
}

/** Larger pictures are refused: a few bytes can declare a bitmap that takes gigabytes to draw. */
export const MAX_IMAGE_SIDE = 8_000;

export type ImageProblem = 'type' | 'truncated' | 'dimensions';

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + u16be(b, at + 2);
const u32le = (b: Uint8Array, at: number) =>
  u16le(b, at) + ((b[at + 2]! << 16) | 0) + ((b[at + 3]! << 24) >>> 0);

/** Width and height as the file declares them, or null when the header is cut short. */
function declaredSize(type: ImageType, b: Uint8Array): { width: number; height: number } | null {
  switch (type) {
    case 'png':
      // Signature, then the IHDR chunk: length, "IHDR", width, height.
      return b.length >= 24 && startsWith(b, ascii('IHDR'), 12)
        ? { width: u32be(b, 16), height: u32be(b, 20) }
        : null;
    case 'gif':
      return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : null;
    case 'webp': {
      if (b.length < 30) return null;
      if (startsWith(b, ascii('VP8X'), 12))
        return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
      if (startsWith(b, ascii('VP8L'), 12)) {
        const bits = u32le(b, 21);
        return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      }
      if (startsWith(b, ascii('VP8 '), 12))
        return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
      return null;
    }
    case 'jpeg': {
      // Walk the segments to the first start-of-frame marker.
      let at = 2;
      while (at + 9 < b.length) {
        if (b[at] !== 0xff) return null;
        const marker = b[at + 1]!;
        const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
        if (isFrame) return { width: u16be(b, at + 7), height: u16be(b, at + 5) };
        at += 2 + u16be(b, at + 2);
      }
      return null;
    }
  }
}

/** Whether the file ends the way a whole file of its type ends. */
function isComplete(type: ImageType, b: Uint8Array): boolean {
  switch (type) {
    case 'png':
      return b.length >= 12 && startsWith(b, ascii('IEND'), b.length - 8);
    case 'gif':
      return b[b.length - 1] === 0x3b;
    case 'webp':
      return b.length >= 12 && u32le(b, 4) + 8 <= b.length;
    case 'jpeg': {
      // The end-of-image marker, allowing the few padding bytes some encoders append.
      const tail = b.subarray(Math.max(0, b.length - 32));
      for (let i = tail.length - 2; i >= 0; i--)
        if (tail[i] === 0xff && tail[i + 1] === 0xd9) return true;
      return false;
    }
  }
}

/** The image's real type, or why it is refused: not an image, cut short, or too many pixels. */
export function inspectImage(bytes: Uint8Array): { type: ImageType } | { problem: ImageProblem } {
  const type = detectImageType(bytes);
  if (!type) return { problem: 'type' };
  const size = declaredSize(type, bytes);
  if (!size || !isComplete(type, bytes)) return { problem: 'truncated' };
  if (size.width < 1 || size.height < 1) return { problem: 'truncated' };
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) return { problem: 'dimensions' };
  return { type };
}
