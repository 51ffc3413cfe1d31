// The people the account tests share: a server (its clock on 10 March 2030), its admin, a staff
// member, a teacher and a student.
import { afterAll, beforeAll } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
export let server: TestServer, admin: TestClient;
export let staff: Account, teacher: Account, student: Account;

async function setUpAccountsCast() {
  server = await startTestServer({ clock });
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
  teacher = await createAccount(server, admin, 'teacher');
  student = await createAccount(server, admin, 'student');
}
const closeAccountsCast = () => server.close();
// Importing this module starts the school before the file's tests and closes it after them.
beforeAll(setUpAccountsCast);
afterAll(closeAccountsCast);
