// Every endpoint of the foundation × every role: allowed or denied, and a denied call changes
// nothing in the database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Account, createAccount, snapshot, uniqueEmail } from '../helpers/factories.ts';
import { PNG_1x1 } from '../helpers/images.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

type Who = 'anonymous' | 'student' | 'teacher' | 'staff' | 'admin';
const everyone: Who[] = ['anonymous', 'student', 'teacher', 'staff', 'admin'];

let server: TestServer;
const clients = {} as Record<Who, TestClient>;
const accounts = {} as Record<Exclude<Who, 'anonymous'>, Account>;
let spareThemeId: string;

const TABLES = [
  'users',
  'auth_credentials',
  'center_settings',
  'theme_settings',
  'app_settings',
  'class_students',
  'classes',
];

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.admin();
  clients.admin = admin;
  clients.anonymous = server.client();
  for (const role of ['student', 'teacher', 'staff'] as const) {
    accounts[role] = await createAccount(server, admin, role);
    clients[role] = accounts[role].client;
  }
  const theme = await admin.post('/api/themes', {
    theme_name: 'Spare',
    primary_500: '#111111',
    success_500: '#22c55e',
    error_500: '#ef4444',
    warning_500: '#f59e0b',
    gray_500: '#6b7280',
    bg_primary: '#ffffff',
    bg_secondary: '#f8fafc',
  });
  spareThemeId = theme.body.theme_id;
});
afterAll(() => server.close());

interface Row {
  name: string;
  allowed: Who[];
  /** Whether an allowed call writes (so it is run last, on a throwaway target). */
  call: (client: TestClient) => Promise<{ status: number }>;
}

const rows: Row[] = [
  {
    name: 'GET /api/auth/session',
    allowed: ['student', 'teacher', 'staff', 'admin'],
    call: (c) => c.get('/api/auth/session'),
  },
  {
    name: 'GET /api/center-settings',
    allowed: everyone,
    call: (c) => c.get('/api/center-settings'),
  },
  { name: 'GET /api/themes/active', allowed: everyone, call: (c) => c.get('/api/themes/active') },
  { name: 'GET /api/themes', allowed: ['admin'], call: (c) => c.get('/api/themes') },
  {
    name: 'GET /api/users?role=student',
    allowed: ['staff', 'admin'],
    call: (c) => c.get('/api/users?role=student'),
  },
  {
    name: 'GET /api/users?role=teacher',
    allowed: ['staff', 'admin'],
    call: (c) => c.get('/api/users?role=teacher'),
  },
  {
    name: 'GET /api/users?role=staff',
    allowed: ['admin'],
    call: (c) => c.get('/api/users?role=staff'),
  },
  {
    name: 'GET /api/users?role=admin',
    allowed: ['admin'],
    call: (c) => c.get('/api/users?role=admin'),
  },
  {
    name: 'GET /api/users/:id (a student)',
    allowed: ['staff', 'admin', 'student'],
    call: (c) => c.get(`/api/users/${accounts.student.user.user_id}`),
  },
  {
    name: 'GET /api/users/:id (a staff member)',
    allowed: ['admin', 'staff'],
    call: (c) => c.get(`/api/users/${accounts.staff.user.user_id}`),
  },
  {
    name: 'POST /api/users (student)',
    allowed: ['staff', 'admin'],
    call: (c) => c.post('/api/users', { email: uniqueEmail(), full_name: 'X', role: 'student' }),
  },
  {
    name: 'POST /api/users (staff)',
    allowed: ['admin'],
    call: (c) => c.post('/api/users', { email: uniqueEmail(), full_name: 'X', role: 'staff' }),
  },
  {
    name: 'PATCH /api/center-settings',
    allowed: ['admin'],
    call: (c) => c.patch('/api/center-settings', { center_name: 'Edu Center' }),
  },
  {
    name: 'POST /api/center-settings/logo',
    allowed: ['admin'],
    call: (c) =>
      c.upload('/api/center-settings/logo', { bytes: PNG_1x1, name: 'l.png', type: 'image/png' }),
  },
  {
    name: 'POST /api/themes',
    allowed: ['admin'],
    call: (c) =>
      c.post('/api/themes', {
        theme_name: `Theme ${randomUUID().slice(0, 8)}`,
        primary_500: '#111111',
        success_500: '#22c55e',
        error_500: '#ef4444',
        warning_500: '#f59e0b',
        gray_500: '#6b7280',
        bg_primary: '#ffffff',
        bg_secondary: '#f8fafc',
      }),
  },
  {
    name: 'PUT /api/themes/:id',
    allowed: ['admin'],
    call: (c) => c.put(`/api/themes/${spareThemeId}`, { theme_name: 'Spare' }),
  },
  {
    name: 'POST /api/themes/:id/apply',
    allowed: ['admin'],
    call: async (c) => {
      const response = await c.post(`/api/themes/${spareThemeId}/apply`);
      // Put the default back so the spare theme stays deletable by the next row.
      if (response.status === 200) {
        const themes = (await c.get('/api/themes')).body.items as {
          theme_id: string;
          is_default: boolean;
        }[];
        await c.post(`/api/themes/${themes.find((t) => t.is_default)!.theme_id}/apply`);
      }
      return response;
    },
  },
  {
    name: 'PATCH /api/profile',
    allowed: ['student', 'teacher', 'staff', 'admin'],
    call: (c) => c.patch('/api/profile', { full_name: 'Same Name' }),
  },
  {
    name: 'POST /api/profile/avatar',
    allowed: ['student', 'teacher', 'staff', 'admin'],
    call: (c) =>
      c.upload('/api/profile/avatar', { bytes: PNG_1x1, name: 'a.png', type: 'image/png' }),
  },
];

describe.each(rows)('$name', (row) => {
  test.each(everyone)('as %s', async (who) => {
    const before = await snapshot(server, TABLES);
    const response = await row.call(clients[who]);
    if (row.allowed.includes(who)) {
      expect(response.status, `${who} should be allowed`).toBeLessThan(300);
    } else {
      expect(response.status, `${who} should be refused`).toBe(who === 'anonymous' ? 401 : 403);
      expect(await snapshot(server, TABLES)).toEqual(before);
    }
  });
});

describe('DELETE /api/users/:id', () => {
  const targets = { student: 'student', teacher: 'teacher', staff: 'staff' } as const;
  const allowedToDelete: Record<keyof typeof targets, Who[]> = {
    student: ['staff', 'admin'],
    teacher: ['staff', 'admin'],
    staff: ['admin'],
  };
  for (const target of Object.keys(targets) as (keyof typeof targets)[]) {
    test.each(everyone)(`a ${target} account, as %s`, async (who) => {
      const victim = await createAccount(server, clients.admin, target);
      const before = await snapshot(server, TABLES);
      const response = await clients[who].delete(`/api/users/${victim.user.user_id}`);
      if (allowedToDelete[target].includes(who)) {
        expect(response.status).toBe(200);
      } else {
        expect(response.status).toBe(who === 'anonymous' ? 401 : 403);
        expect(await snapshot(server, TABLES)).toEqual(before);
      }
    });
  }
});
