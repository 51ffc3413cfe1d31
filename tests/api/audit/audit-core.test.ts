// The audit log's core (docs/decisions/041-audit-log.md): an entry names who acted (the signed-in
// person, as they were), from which address, the operation, the record and the fields before and
// after; it is written in the change's own transaction, so a refused change leaves none.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAccount } from '../../helpers/factories.ts';
import { type School, startSchool } from '../../helpers/school.ts';

let school: School;
beforeAll(async () => {
  school = await startSchool();
});
afterAll(async () => school.server.close());

const entriesOf = (recordId: string) =>
  school.server.server.ctx.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('record_id', '=', recordId)
    .orderBy('at')
    .execute();

test('a correction records who made it, from where, and the fields it changed', async () => {
  const person = await createAccount(school.server, school.admin, 'student', {
    full_name: 'Lê Thị Hoa',
  });
  const reply = await school.staff.client.patch(`/api/users/${person.user.user_id}`, {
    full_name: 'Lê Thị Hoà',
    phone: '0912345678',
  });
  expect(reply.status).toBe(200);
  const entries = (await entriesOf(person.user.user_id)).filter((e) => e.action === 'user.update');
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  expect(entry).toMatchObject({
    actor_id: school.staff.user.user_id,
    actor_name: school.staff.user.full_name,
    record_type: 'user',
  });
  expect(entry?.actor_ip).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
  expect(JSON.parse(entry?.changes ?? '{}')).toEqual({
    full_name: { before: 'Lê Thị Hoa', after: 'Lê Thị Hoà' },
    phone: { before: null, after: '+84912345678' },
  });
});

test('a refused change leaves no entry: the transaction that would have written it rolled back', async () => {
  const person = await createAccount(school.server, school.admin, 'student');
  // The student is enrolled in an active class, so the role change is refused inside the
  // transaction, after the account was locked and read.
  await school.admin.post(`/api/classes/${school.classId}/students`, {
    student_ids: [person.user.user_id],
  });
  const reply = await school.admin.patch(`/api/users/${person.user.user_id}`, {
    full_name: 'Someone Else',
    role: 'teacher',
  });
  expect(reply.status).toBe(409);
  expect((await entriesOf(person.user.user_id)).filter((e) => e.action === 'user.update')).toEqual(
    [],
  );
});

test('a correction that changes nothing records nothing', async () => {
  const person = await createAccount(school.server, school.admin, 'teacher', {
    full_name: 'Ngô Bảo',
  });
  const reply = await school.admin.patch(`/api/users/${person.user.user_id}`, {
    full_name: 'Ngô Bảo',
  });
  expect(reply.status).toBe(200);
  expect((await entriesOf(person.user.user_id)).filter((e) => e.action === 'user.update')).toEqual(
    [],
  );
});
