// The requests of bench:api's closed loop (every request with a target in docs/performance.md),
// shared by its parts on the embedded database and on PostgreSQL with several processes.
import type { Seeded } from './school-data.ts';

export interface SignedIn {
  teacher: string;
  student: string;
  admin: string;
}

/** [name, path, session cookie or none], in the order the closed loop measures them. */
export function closedLoopRequests(
  seeded: Seeded,
  cookie: SignedIn,
): [string, string, string | undefined][] {
  return [
    ['GET /api/health', '/api/health', undefined],
    ['GET / (the web app HTML)', '/', undefined],
    ['student GET /api/auth/session', '/api/auth/session', cookie.student],
    ['teacher GET /api/dashboard', '/api/dashboard', cookie.teacher],
    ['student GET /api/dashboard', '/api/dashboard', cookie.student],
    ['admin GET /api/dashboard', '/api/dashboard', cookie.admin],
    ['admin GET /api/classes', '/api/classes', cookie.admin],
    [
      "student GET /api/classes/:id/schedules (a class's 50 lessons)",
      `/api/classes/${seeded.studentClassId}/schedules`,
      cookie.student,
    ],
    ['teacher GET /api/schedules', '/api/schedules', cookie.teacher],
  ];
}
