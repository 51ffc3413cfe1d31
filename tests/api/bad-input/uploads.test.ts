// The bad-input battery (battery.ts), cases 25-30: uploads that are not a whole, reasonable image.
import { describe, expect, test } from 'vitest';
import { HTML_PAGE, PNG_1x1, SVG_WITH_SCRIPT } from '../../helpers/images.ts';
import { PDF, uploadMaterial } from '../../helpers/materials.ts';
import { admin, CODE, classId, expectRefused, student, teacher } from './battery.ts';

describe('uploads', () => {
  const upload = (bytes: Uint8Array, name: string, type: string, url = '/api/profile/avatar') =>
    url === '/api/profile/avatar'
      ? student.client.upload(url, { bytes, name, type })
      : admin.upload(url, { bytes, name, type });
  const bomb = () => {
    const bytes = Buffer.from(PNG_1x1);
    bytes.writeUInt32BE(20_000, 16);
    bytes.writeUInt32BE(20_000, 20);
    return bytes;
  };

  test.each(['/api/profile/avatar', '/api/center-settings/logo'])(
    '25-30. %s refuses what is not a whole, reasonable image',
    async (url) => {
      await expectRefused(() =>
        upload(Buffer.from('not an image at all'), 'a.png', 'image/png', url),
      );
      await expectRefused(() => upload(HTML_PAGE, 'a.png', 'image/png', url));
      await expectRefused(() => upload(SVG_WITH_SCRIPT, 'a.svg', 'image/svg+xml', url));
      const tooBig = await expectRefused(() => upload(bomb(), 'a.png', 'image/png', url), 400);
      expect(tooBig.body).toMatchObject({
        code: 'IMAGE_TOO_MANY_PIXELS',
        params: { side: '8000' },
      });
      const cut = await expectRefused(
        () => upload(PNG_1x1.subarray(0, PNG_1x1.length - 10), 'a.png', 'image/png', url),
        400,
      );
      expect(cut.body.code).toBe('IMAGE_DAMAGED');
      await expectRefused(() => upload(Buffer.alloc(0), 'a.png', 'image/png', url));
      // Multipart itself broken: cut short, headers never ended, or not multipart at all.
      const boundary = 'battery-boundary';
      for (const raw of [
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"`,
        `--${boundary}--`,
        'plainly not multipart',
      ]) {
        const caller = url === '/api/profile/avatar' ? student.client : admin;
        const broken = await expectRefused(
          () =>
            caller.request('POST', url, { raw, type: `multipart/form-data; boundary=${boundary}` }),
          400,
        );
        expect(broken.body.code).toMatch(CODE);
      }
      // A traversal in the name changes nothing: the server names the file itself.
      const named = await upload(PNG_1x1, '../../../etc/passwd.png', 'image/png', url);
      expect(named.status, named.text).toBe(200);
      expect(named.text).not.toContain('passwd');
      expect(named.text).not.toContain('..');
    },
  );
});

describe('material uploads', () => {
  const url = () => `/api/classes/${classId}/materials`;

  test("a class's material upload refuses broken multipart and keeps no path from the name", async () => {
    await expectRefused(() =>
      uploadMaterial(teacher.client, url(), {
        bytes: Buffer.from('not a document'),
        name: 'a.pdf',
      }),
    );
    await expectRefused(() =>
      uploadMaterial(teacher.client, url(), { bytes: Buffer.alloc(0), name: 'a.pdf' }),
    );
    const boundary = 'battery-boundary';
    for (const raw of [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"`,
      `--${boundary}--`,
      'plainly not multipart',
    ]) {
      const broken = await expectRefused(() =>
        teacher.client.request('POST', url(), {
          raw,
          type: `multipart/form-data; boundary=${boundary}`,
        }),
      );
      expect(broken.body.code).toMatch(CODE);
    }
    const named = await uploadMaterial(teacher.client, url(), {
      bytes: PDF,
      name: '../../../etc/passwd.pdf',
    });
    expect(named.status, named.text).toBe(201);
    expect(named.body.material.file_name).toBe('passwd.pdf');
    expect(named.text).not.toContain('..');
  });
});
