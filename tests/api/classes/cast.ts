// The people the class tests share: staff, two teachers and two students, named so the lists
// can be checked by name.
import { afterAll, beforeAll } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';

export const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
export let server: TestServer, admin: TestClient;
export let staff: Account, teacher: Account, otherTeacher: Account;
export let student: Account, otherStudent: Account;

/** A server with staff, two named teachers and two named students, in no class yet. */
async function setUpClassesCast() {
  server = await startTestServer({ clock });
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
  teacher = await createAccount(server, admin, 'teacher', { full_name: 'Thầy Nam' });
  otherTeacher = await createAccount(server, admin, 'teacher', { full_name: 'Cô Mai' });
  student = await createAccount(server, admin, 'student', { full_name: 'An' });
  otherStudent = await createAccount(server, admin, 'student', { full_name: 'Bình' });
}
const closeClassesCast = () => server.close();
// Importing this module starts the school before the file's tests and closes it after them.
beforeAll(setUpClassesCast);
afterAll(closeClassesCast);
