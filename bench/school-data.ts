// The data set of the school benchmarks (bench:school, bench:api, bench:load): 200 teachers, 5,000
// students, 1,000 classes of 25 students and 50 lessons each, times the scale, inserted in large
// batches straight into the database.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '#server/db/connection.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';

export const PASSWORD = 'bench-password';
const DAY = 86_400_000;

export interface Seeded {
  teacherEmail: string;
  studentEmail: string;
  studentClassId: string;
}

/** Runs `insert` over the rows 1,000 at a time. */
export async function inBatches<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

export interface BenchPerson {
  id: string;
  auth: string;
  email: string;
  role: 'teacher' | 'student' | 'admin' | 'staff' | 'parent';
  i: number;
}

/** `n` people of a role: role0@bench.local, role1@bench.local, … */
export const benchPeople = (role: BenchPerson['role'], n: number): BenchPerson[] =>
  Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    auth: randomUUID(),
    email: `${role}${i}@bench.local`,
    role,
    i,
  }));

/** Their credentials (all with the same password's hash) and accounts, in batches. */
export async function insertPeople(
  handle: DatabaseHandle,
  everyone: BenchPerson[],
  passwordHash: string,
  now: number,
) {
  const { db } = handle;
  const iso = (ms: number) => new Date(ms).toISOString();
  await inBatches(everyone, (chunk) =>
    db
      .insertInto('auth_credentials')
      .values(
        chunk.map((p) => ({
          auth_id: p.auth,
          password_hash: passwordHash,
          must_change_password: false,
          password_changed_at: iso(now),
          created_at: iso(now),
        })),
      )
      .execute(),
  );
  await inBatches(everyone, (chunk) =>
    db
      .insertInto('users')
      .values(
        chunk.map((p) => ({
          user_id: p.id,
          auth_id: p.auth,
          email: p.email,
          full_name: `${p.role} ${p.i}`,
          search_name: `${p.role} ${p.i}`,
          role: p.role,
          username: `${p.role}${p.i}_0000`,
          is_active: true,
          avatar_url: null,
          phone: null,
          created_at: iso(now - p.i * 1000),
          updated_at: iso(now),
          created_by: null,
        })),
      )
      .execute(),
  );
}

/** Inserts the data set in large batches, straight into the database. */
export async function seed(handle: DatabaseHandle, scale: number): Promise<Seeded> {
  const { db } = handle;
  const counts = {
    teachers: 200 * scale,
    students: 5_000 * scale,
    classes: 1_000 * scale,
    lessonsPerClass: 50,
  };
  const passwordHash = await hashPassword(PASSWORD);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const dateOf = (ms: number) => iso(ms + 7 * 3_600_000).slice(0, 10);
  const batch = inBatches;
  const admins = benchPeople('admin', 1);
  const staff = benchPeople('staff', 5);
  const teachers = benchPeople('teacher', counts.teachers);
  const students = benchPeople('student', counts.students);
  await insertPeople(handle, [...admins, ...staff, ...teachers, ...students], passwordHash, now);

  // Classes run from 50 days ago to 50 days ahead; each has 25 students and 50 lessons, one
  // every other day at 19:00 local time (past ones completed).
  const classes = Array.from({ length: counts.classes }, (_, i) => ({
    id: randomUUID(),
    teacher: teachers[i % teachers.length]!.id,
    start: now - 50 * DAY,
    i,
  }));
  await batch(classes, (chunk) =>
    db
      .insertInto('classes')
      .values(
        chunk.map((c) => ({
          class_id: c.id,
          class_name: `Class ${c.i}`,
          search_name: `class ${c.i}`,
          description: null,
          teacher_id: c.teacher,
          start_date: dateOf(c.start),
          end_date: dateOf(c.start + 100 * DAY),
          created_by: admins[0]!.id,
          is_active: true,
          created_at: iso(now - c.i * 1000),
          updated_at: iso(now),
        })),
      )
      .execute(),
  );
  const enrolments = classes.flatMap((c) =>
    Array.from({ length: 25 }, (_, k) => ({
      class_id: c.id,
      student_id: students[(c.i * 25 + k) % students.length]!.id,
      enrolled_at: iso(now),
    })),
  );
  await batch(enrolments, (chunk) =>
    db
      .insertInto('class_students')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  const localMidnight = Date.parse(`${dateOf(now)}T00:00:00+07:00`);
  const lessons = classes.flatMap((c) =>
    Array.from({ length: counts.lessonsPerClass }, (_, k) => {
      // Stagger the hour by class so one teacher's lessons do not pile onto one instant.
      const start =
        localMidnight - 50 * DAY + k * 2 * DAY + (c.i % 2) * DAY + (12 + (c.i % 10)) * 3_600_000;
      return {
        schedule_id: randomUUID(),
        class_id: c.id,
        topic: `Lesson ${k + 1}`,
        description: null,
        start_time: iso(start),
        end_time: iso(start + 3_600_000),
        status: (start + 3_600_000 < now ? 'completed' : 'pending') as 'completed' | 'pending',
        created_at: iso(now),
        updated_at: iso(now),
      };
    }),
  );
  await batch(lessons, (chunk) => db.insertInto('schedules').values(chunk).execute());
  if (handle.dialect === 'postgres') await sql`analyze`.execute(db);
  else await sql`analyze`.execute(db);
  return {
    teacherEmail: teachers[0]!.email,
    studentEmail: students[0]!.email,
    studentClassId: classes[0]!.id,
  };
}
