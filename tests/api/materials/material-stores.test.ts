// A material's bytes in each store (the DATA_DIR folder and the database, in 1 MiB pieces), on the
// database the suite runs on: a file of several pieces comes back byte for byte, whole or by
// ranges across pieces; its bytes never sit under the public /files/ folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDF, padded, uploadMaterial } from '../../helpers/materials.ts';
import { type School, startSchool } from '../../helpers/school.ts';

const MIB = 1_048_576;

describe.each(['local', 'database'] as const)('materials in the %s store', (store) => {
  let school: School;
  beforeAll(async () => {
    school = await startSchool({ env: { FILE_STORAGE: store } });
  });
  afterAll(() => school.server.close());

  test('a file whose bytes are lost answers 404, not a reply cut short', async () => {
    const added = await uploadMaterial(
      school.teacher.client,
      `/api/classes/${school.classId}/materials`,
      { bytes: PDF, name: 'lost.pdf' },
    );
    expect(added.status, added.text).toBe(201);
    const materialId = added.body.material.material_id as string;
    if (store === 'local') {
      await fs.rm(path.join(school.server.config.dataDir, 'materials', materialId));
    } else {
      const { db } = school.server.server.ctx.database;
      await db.deleteFrom('material_chunks').where('material_id', '=', materialId).execute();
    }
    const response = await school.student.client.get(added.body.material.open_url);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
    expect((await school.teacher.client.delete(`/api/materials/${materialId}`)).status).toBe(200);
  });

  test('a file of several pieces comes back whole and by ranges', async () => {
    const bytes = padded(PDF, Math.floor(2.5 * MIB));
    for (let i = PDF.length; i < bytes.length; i++) bytes[i] = i % 251;
    const added = await uploadMaterial(
      school.teacher.client,
      `/api/classes/${school.classId}/materials`,
      { bytes, name: 'big.pdf' },
    );
    expect(added.status, added.text).toBe(201);
    const url = school.server.baseUrl + added.body.material.open_url;
    const cookie = school.student.client.cookie!;
    const whole = await fetch(url, { headers: { cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const start = MIB - 10;
    const end = 2 * MIB + 10;
    const part = await fetch(url, { headers: { cookie, range: `bytes=${start}-${end}` } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(start, end + 1))).toBe(true);
    const beyond = await fetch(url, { headers: { cookie, range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);

    const { db } = school.server.server.ctx.database;
    const pieces = await db
      .selectFrom('material_chunks')
      .select('seq')
      .where('material_id', '=', added.body.material.material_id)
      .execute();
    expect(pieces.length).toBe(store === 'database' ? 3 : 0);
    const publicFolder = path.join(school.server.config.dataDir, 'files');
    const inPublic = await fs.readdir(publicFolder, { recursive: true }).catch(() => []);
    expect(
      inPublic.filter((name) => String(name).includes(added.body.material.material_id)),
    ).toEqual([]);

    const deleted = await school.teacher.client.delete(
      `/api/materials/${added.body.material.material_id}`,
    );
    expect(deleted.status).toBe(200);
    const left = await db
      .selectFrom('material_chunks')
      .select('seq')
      .where('material_id', '=', added.body.material.material_id)
      .execute();
    expect(left).toEqual([]);
    if (store === 'local') {
      const kept = await fs
        .readdir(path.join(school.server.config.dataDir, 'materials'))
        .catch(() => []);
      expect(kept).toEqual([]);
    }
  });
});
