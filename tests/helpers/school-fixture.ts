// The cast most API tests start from: a server, its admin, a staff member, a teacher with a class
// and an enrolled student, plus a second teacher and a student outside the class (for the
// "not theirs" cases). One call instead of the same set-up in every file.
import { type Account, createAccount } from './factories.ts';
import { createClass, enrol } from './school.ts';
import { startTestServer, type TestClient, type TestServer } from './test-server.ts';

export interface School {
  server: TestServer;
  admin: TestClient;
  staff: Account;
  /** Teaches `classId`. */
  teacher: Account;
  /** Teaches nothing of the school's. */
  otherTeacher: Account;
  /** Enrolled in `classId`. */
  student: Account;
  /** In no class. */
  outsider: Account;
  classId: string;
}

export async function startSchool(
  options: Parameters<typeof startTestServer>[0] & {
    names?: { teacher?: string; student?: string; className?: string };
  } = {},
): Promise<School> {
  const { names = {}, ...serverOptions } = options;
  const server = await startTestServer(serverOptions);
  const admin = await server.admin();
  const [staff, teacher, otherTeacher, student, outsider] = await Promise.all([
    createAccount(server, admin, 'staff'),
    createAccount(server, admin, 'teacher', names.teacher ? { full_name: names.teacher } : {}),
    createAccount(server, admin, 'teacher'),
    createAccount(server, admin, 'student', names.student ? { full_name: names.student } : {}),
    createAccount(server, admin, 'student'),
  ]);
  const klass = await createClass(
    admin,
    teacher.user.user_id,
    names.className ? { class_name: names.className } : {},
  );
  await enrol(admin, klass.class_id, [student.user.user_id]);
  return {
    server,
    admin,
    staff,
    teacher,
    otherTeacher,
    student,
    outsider,
    classId: klass.class_id,
  };
}
