import { expect, test } from 'vitest';
import { detectImageType, inspectImage } from '#server/features/files/image-type.ts';

test('images are recognised by their first bytes only', () => {
  expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
  expect(detectImageType(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
  expect(detectImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
  expect(detectImageType(Buffer.from('GIF89a...'))).toBe('gif');
  expect(detectImageType(Buffer.from('<svg onload="x">'))).toBeNull();
  expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  expect(detectImageType(Buffer.alloc(0))).toBeNull();
});

test('whole small images pass; cut-short files and huge declared sizes do not', async () => {
  const { PNG_1x1, GIF_1x1, WEBP_1x1, JPEG_1x1 } = await import('../../../../helpers/images.ts');
  for (const [bytes, type] of [
    [PNG_1x1, 'png'],
    [GIF_1x1, 'gif'],
    [WEBP_1x1, 'webp'],
    [JPEG_1x1, 'jpeg'],
  ] as const) {
    expect(inspectImage(bytes)).toEqual({ type });
    expect(inspectImage(bytes.subarray(0, bytes.length - 3))).toEqual({ problem: 'truncated' });
  }
  // A valid 1×1 PNG whose header claims 20000×20000.
  const bomb = Buffer.from(PNG_1x1);
  bomb.writeUInt32BE(20_000, 16);
  bomb.writeUInt32BE(20_000, 20);
  expect(inspectImage(bomb)).toEqual({ problem: 'dimensions' });
  expect(inspectImage(Buffer.from('<svg onload="x">'))).toEqual({ problem: 'type' });
  expect(inspectImage(Buffer.alloc(0))).toEqual({ problem: 'type' });
});
