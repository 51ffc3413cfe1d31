// A server with Zoom configured against the emulator, one per Playwright worker, for the stories of
// live lessons: a pool of Zoom accounts synced in, and helpers for the lessons they start.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SQLITE_FILE_NAME } from '#server/db/connection.ts';
import type { ZoomEmulator } from '../fakes/zoom-emulator.ts';
import { type Account, createAccount } from '../helpers/factories.ts';
import {
  addDays,
  createClass,
  createLesson,
  enrol,
  minutesFromNow,
  vnDate,
} from '../helpers/school.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { TestClient } from '../helpers/test-server.ts';
import { addWholeZoomPool } from '../helpers/zoom-pool.ts';
import { startZoomAccount } from '../helpers/zoom-school.ts';
import { test as base } from './fixtures.ts';

export const ZOOM_ADMIN = { email: 'admin@meetings.e2e', password: 'meetings-e2e-password' };

export interface ZoomSchool {
  baseUrl: string;
  zoom: ZoomEmulator;
  admin(): Promise<TestClient>;
  account(role: 'teacher' | 'student' | 'staff'): Promise<Account>;
  /** The server's database, for states the API cannot produce (a stuck account). */
  sql(statement: string, ...params: (string | number | null)[]): void;
}

// One server with Zoom configured (against the emulator) per worker, with a pool account for each
// lesson its stories start (a started lesson keeps its account until its meeting ends).
export const test = base.extend<
  { school: ZoomSchool },
  { zoomServer: { server: ServerProcess; zoom: ZoomEmulator; dataDir: string } }
>({
  zoomServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies this way
    async ({}, use) => {
      const { zoom, env } = await startZoomAccount(20);
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-e2e-meetings-'));
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ZOOM_ADMIN.email,
        ADMIN_PASSWORD: ZOOM_ADMIN.password,
        LOGIN_MAX_FAILURES_PER_IP: '100000',
        ...env,
      });
      const admin = new TestClient(server.baseUrl);
      await admin.login(ZOOM_ADMIN.email, ZOOM_ADMIN.password);
      await addWholeZoomPool(admin);
      await use({ server, zoom, dataDir });
      await server.kill('SIGTERM');
      await zoom.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  school: async ({ zoomServer }, use) => {
    const { server, zoom, dataDir } = zoomServer;
    const database = new DatabaseSync(path.join(dataDir, SQLITE_FILE_NAME));
    database.exec('PRAGMA busy_timeout = 5000');
    const client = () => new TestClient(server.baseUrl);
    const admin = async () => {
      const c = client();
      await c.login(ZOOM_ADMIN.email, ZOOM_ADMIN.password);
      return c;
    };
    await use({
      baseUrl: server.baseUrl,
      zoom,
      admin,
      account: async (role) => createAccount({ client }, await admin(), role),
      sql: (statement, ...params) => {
        database.prepare(statement).run(...params);
      },
    });
    database.close();
  },
});

/**
 * A class of the teacher's with the student enrolled and one lesson starting in ten minutes (inside
 * the early-start window), or at the given time.
 */
export async function lessonFor(school: ZoomSchool, topic: string, startIso = minutesFromNow(10)) {
  const teacher = await school.account('teacher');
  const student = await school.account('student');
  const admin = await school.admin();
  const today = vnDate(Date.now());
  const { class_id: classId } = await createClass(admin, teacher.user.user_id, {
    class_name: `Lớp ${topic}`,
    start_date: today,
    end_date: addDays(today, 30),
  });
  await enrol(admin, classId, [student.user.user_id]);
  const { schedule_id: lessonId } = await createLesson(admin, classId, startIso, 60, topic);
  return { teacher, student, lessonId };
}
