import { expect, test } from 'vitest';
import { detectImageType } from './image-type.ts';

test('images are recognised by their first bytes only', () => {
  expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
  expect(detectImageType(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
  expect(detectImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
  expect(detectImageType(Buffer.from('GIF89a...'))).toBe('gif');
  expect(detectImageType(Buffer.from('<svg onload="x">'))).toBeNull();
  expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  expect(detectImageType(Buffer.alloc(0))).toBeNull();
});
