// A school's data through the API, as its managers would enter it, for the API tests and the
// browser stories alike: classes, lessons and enrolments built from factories with overrides, the
// cast most API tests start from, and dates in the center's zone (Asia/Ho_Chi_Minh, UTC+7, no DST,
// where the browser and the server both run).
import { type Account, createAccount } from './factories.ts';
import {
  startTestServer,
  type TestClient,
  type TestResponse,
  type TestServer,
} from './test-server.ts';

const VN_OFFSET_MS = 7 * 3_600_000;

/** YYYY-MM-DD of an instant in Ho Chi Minh City. */
export const vnDate = (instant: number) =>
  new Date(instant + VN_OFFSET_MS).toISOString().slice(0, 10);
/** The UTC instant of a local wall time in Ho Chi Minh City. */
export const vnTime = (date: string, hhmm: string) =>
  new Date(`${date}T${hhmm}:00+07:00`).toISOString();
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** An instant `minutes` from now, on a whole minute (inside the early-start window for 10). */
export const minutesFromNow = (minutes: number) =>
  new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000).toISOString();
/** A YYYY-MM-DD date as the app shows and takes it: dd/mm/yyyy. */
export const shown = (date: string) => date.split('-').reverse().join('/');

export interface ClassFields {
  class_name: string;
  start_date: string;
  end_date: string;
  description: string | null;
  /** Where its lessons are held unless chosen (Zoom when left out; docs/decisions/019). */
  default_venue?: 'zoom' | 'room' | 'link';
  default_room_id?: string | null;
  meeting_link?: string | null;
}

/** A class's fields: a spring term of 2030 unless overridden. */
export const classFields = (overrides: Partial<ClassFields> = {}): ClassFields => ({
  class_name: 'IELTS Foundation',
  start_date: '2030-03-01',
  end_date: '2030-06-30',
  description: null,
  ...overrides,
});

/** The dates of a class running from today (the center's date), for stories that happen now. */
export function runningFromToday(days = 30): Pick<ClassFields, 'start_date' | 'end_date'> {
  const today = vnDate(Date.now());
  return { start_date: today, end_date: addDays(today, days) };
}

/** The reply's body when it has the expected status; otherwise the test stops with the reply. */
function bodyOf<T>(response: TestResponse, status: number, what: string): T {
  if (response.status !== status) {
    throw new Error(`${what} failed: ${response.status} ${response.text}`);
  }
  return response.body as T;
}

export async function createClass(
  manager: TestClient,
  teacherId: string,
  overrides: Partial<ClassFields> = {},
) {
  const response = await manager.post('/api/classes', {
    ...classFields(overrides),
    teacher_id: teacherId,
  });
  return bodyOf<{ class_id: string; class_name: string }>(response, 201, 'creating a class');
}

export async function createLesson(
  manager: TestClient,
  classId: string,
  startIso: string,
  minutes = 60,
  topic = 'Speaking practice',
) {
  const response = await manager.post(`/api/classes/${classId}/schedules`, {
    topic,
    description: null,
    start_time: startIso,
    end_time: new Date(Date.parse(startIso) + minutes * 60_000).toISOString(),
  });
  return bodyOf<{ schedule_id: string; status: string }>(response, 201, 'creating a lesson');
}

export async function enrol(manager: TestClient, classId: string, studentIds: string[]) {
  const response = await manager.post(`/api/classes/${classId}/students`, {
    student_ids: studentIds,
  });
  bodyOf(response, 200, 'enrolling');
}

/** A new teacher and their class (a 2030 term unless the fields say otherwise), made by the admin. */
export async function teacherWithClass(
  server: { client(): TestClient; admin(): Promise<TestClient> },
  fields: Partial<ClassFields> = {},
  teacherName?: string,
) {
  const admin = await server.admin();
  const teacher = await createAccount(
    server,
    admin,
    'teacher',
    teacherName ? { full_name: teacherName } : {},
  );
  const { class_id: classId } = await createClass(admin, teacher.user.user_id, fields);
  return { admin, teacher, classId };
}

// The cast most API tests start from: a server, its admin, a staff member, a teacher with a class
// and an enrolled student, plus a second teacher and a student outside the class (for the
// "not theirs" cases). One call instead of the same set-up in every file.
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
