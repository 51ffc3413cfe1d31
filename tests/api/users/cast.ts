// The people the account tests share: a server (its clock on 10 March 2030), its admin, a staff
// member, a teacher and a student.
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
export let server: TestServer;
export let admin: TestClient;
export let staff: Account;
export let teacher: Account;
export let student: Account;

export async function setUpAccountsCast() {
  server = await startTestServer({ clock });
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
  teacher = await createAccount(server, admin, 'teacher');
  student = await createAccount(server, admin, 'student');
}
export const closeAccountsCast = () => server.close();
