// One signed-in user of bench:load, as its own process, so that one user's load generator never
// waits behind another's on the event loop (they share only the machine's cores, as browsers
// would). bench/load.ts starts one per user per level, starts them all at once when all are
// ready, and reads each one's result from stdout.
//   node bench/load-user.ts '{"url":…,"role":…,"cookie":…,"connections":…,"duration":…,"staffClassId":…}'
import type autocannon from 'autocannon';
import { runLoad } from './lib.ts';

export type Role = 'student' | 'teacher' | 'staff';

export interface LoadUser {
  url: string;
  role: Role;
  cookie: string;
  connections: number;
  duration: number;
  /** The class staff add lessons to (a teacher nobody else books, so none overlaps). */
  staffClassId: string;
}

const DAY = 86_400_000;

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json() as Promise<T>;
}
type Lesson = { schedule_id: string; topic: string };

/** Ten reads and one write, for one user. */
async function userRequests({ url, role, cookie, staffClassId }: LoadUser) {
  const classes = await getJson<{ items: { class_id: string }[] }>(`${url}/api/classes`, cookie);
  const reads =
    role === 'student'
      ? ['/api/dashboard', '/api/classes', `/api/classes/${classes.items[0]!.class_id}/schedules`]
      : ['/api/dashboard', '/api/classes', '/api/schedules'];
  const requests: autocannon.Request[] = Array.from({ length: 10 }, (_, i) => ({
    method: 'GET',
    path: reads[i % reads.length],
  }));
  const json = { 'content-type': 'application/json', cookie };
  if (role === 'student') {
    const me = await getJson<{ user: { full_name: string } }>(`${url}/api/auth/session`, cookie);
    requests.push({
      method: 'PATCH',
      path: '/api/profile',
      headers: json,
      body: JSON.stringify({ full_name: me.user.full_name }),
    });
  } else if (role === 'teacher') {
    const mine = await getJson<{ items: Lesson[] }>(`${url}/api/schedules`, cookie);
    const lesson = mine.items[0]!;
    requests.push({
      method: 'PATCH',
      path: `/api/schedules/${lesson.schedule_id}`,
      headers: json,
      body: JSON.stringify({ topic: lesson.topic }),
    });
  } else {
    // Each added lesson an hour after the previous one, so none overlaps.
    let slot = 0;
    const base = Date.now() + DAY + Math.floor(Math.random() * 1000) * 3_600_000 * 50;
    requests.push({
      method: 'POST',
      path: `/api/classes/${staffClassId}/schedules`,
      headers: json,
      setupRequest: (request) => {
        const start = base + slot++ * 3_600_000;
        return {
          ...request,
          body: JSON.stringify({
            topic: 'Load lesson',
            start_time: new Date(start).toISOString(),
            end_time: new Date(start + 45 * 60_000).toISOString(),
          }),
        };
      },
    });
  }
  return requests;
}

if (import.meta.main) {
  const user = JSON.parse(process.argv[2]!) as LoadUser;
  const requests = await userRequests(user);
  // Every user starts together: each says it is ready and waits for the word on stdin, so no
  // process runs alone while the others are still starting.
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.pause();
  const result = await runLoad(user.role, {
    url: user.url,
    connections: user.connections,
    duration: user.duration,
    headers: { cookie: user.cookie },
    requests,
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
