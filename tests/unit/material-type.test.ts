// A material's type read from its bytes as they stream in (docs/decisions/038-materials.md): the
// same answer however the bytes are cut into chunks, names split across chunks included.
import { describe, expect, test } from 'vitest';
import { ContentInspector, storedFileName } from '#server/features/materials/material-type.ts';
import { PNG_1x1 } from '../helpers/images.ts';
import { DOCX, EXE, MP3, oleWith, PDF, PLAIN_ZIP, PPTX, XLSX } from '../helpers/materials.ts';

function inspect(bytes: Buffer, chunkSize: number) {
  const inspector = new ContentInspector();
  for (let at = 0; at < bytes.length; at += chunkSize) {
    inspector.push(bytes.subarray(at, at + chunkSize));
  }
  return { type: inspector.finish(), family: inspector.family, size: inspector.size };
}

describe('ContentInspector', () => {
  test.each([1, 3, 7, 64, 100_000])('chunks of %i bytes give the same types', (chunk) => {
    expect(inspect(PDF, chunk)).toMatchObject({ type: 'pdf', family: 'document' });
    expect(inspect(PNG_1x1, chunk)).toMatchObject({ type: 'png', family: 'image' });
    expect(inspect(MP3, chunk)).toMatchObject({ type: 'mp3', family: 'audio' });
    expect(inspect(DOCX, chunk)).toMatchObject({ type: 'docx', family: 'document' });
    expect(inspect(XLSX, chunk).type).toBe('xlsx');
    expect(inspect(PPTX, chunk).type).toBe('pptx');
    expect(inspect(oleWith('WordDocument'), chunk).type).toBe('doc');
    expect(inspect(EXE, chunk)).toMatchObject({ type: null, family: null });
    expect(inspect(PLAIN_ZIP, chunk)).toMatchObject({ type: null, family: 'document' });
    expect(inspect(DOCX, chunk).size).toBe(DOCX.length);
  });

  test('a file shorter than the head is judged on what there is', () => {
    expect(inspect(Buffer.from('%PDF-'), 100).type).toBe('pdf');
    expect(inspect(Buffer.from('MZ'), 100).type).toBe(null);
    expect(inspect(Buffer.alloc(0), 100).type).toBe(null);
  });
});

describe('storedFileName', () => {
  test('keeps the given name with the extension of what the file is', () => {
    expect(storedFileName('Bài tập Tuần 1.pdf', 'pdf')).toBe('Bài tập Tuần 1.pdf');
    expect(storedFileName('homework.pdf', 'png')).toBe('homework.png');
    expect(storedFileName('C:\\Users\\lan\\notes', 'docx')).toBe('notes.docx');
    expect(storedFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(storedFileName('a"b\u0000c.pdf', 'pdf')).toBe('abc.pdf');
    expect(storedFileName('', 'mp3')).toBe('tai-lieu.mp3');
    expect(storedFileName(undefined, 'ogg')).toBe('tai-lieu.ogg');
  });
});
