// The authorization matrix's rows for e-mail (issue 29 point 4, docs/decisions/039-email.md) and
// 'Quên mật khẩu?' (point 5, docs/decisions/040): Settings → Notifications is the admin's; each
// signed-in person keeps their own e-mail choices; the reset routes are public (signed out first
// of all), answered the same to everyone.
import { ALL, type Row, server } from './world.ts';

const EVERYONE = {
  anonymous: ALL,
  student: ALL,
  teacher: ALL,
  staff: ALL,
  admin: ALL,
  parent: ALL,
} as const;
const SIGNED_IN = { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL } as const;
/** No SMTP password may come back in any reply. */
const noPassword = (body: unknown) => {
  if (JSON.stringify(body).includes('"password"')) throw new Error('a password came back');
};

export const emailRows: Row[] = [
  {
    route: 'GET /api/email/settings',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.get('/api/email/settings'),
    check: noPassword,
  },
  {
    route: 'PUT /api/email/settings',
    scopes: ['-'],
    allow: { admin: ALL },
    // Saved empty: no e-mail goes out to the other rows' people.
    call: (c) =>
      c.put('/api/email/settings', {
        host: '',
        port: 587,
        security: 'starttls',
        username: null,
        from_address: '',
        from_name: '',
      }),
    check: noPassword,
  },
  {
    route: 'POST /api/email/test',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.post('/api/email/test', {}),
  },
  {
    route: 'GET /api/profile/email-preferences',
    scopes: ['own'],
    allow: SIGNED_IN,
    call: (c) => c.get('/api/profile/email-preferences'),
  },
  {
    route: 'PUT /api/profile/email-preferences',
    scopes: ['own'],
    allow: SIGNED_IN,
    call: (c) => c.put('/api/profile/email-preferences', { preferences: {} }),
  },
  {
    route: 'GET /api/auth/password-reset',
    scopes: ['-'],
    allow: EVERYONE,
    call: () => server.client().get('/api/auth/password-reset'),
  },
  {
    route: 'POST /api/auth/password-reset',
    scopes: ['-'],
    allow: EVERYONE,
    call: () => server.client().post('/api/auth/password-reset', { email: 'x@example.com' }),
  },
  {
    route: 'POST /api/auth/password-reset/confirm',
    scopes: ['-'],
    allow: EVERYONE,
    // A made-up token: an allowed caller gets the link's refusal (400), not 401/403.
    call: () =>
      server.client().post('/api/auth/password-reset/confirm', {
        token: 'made-up',
        newPassword: 'a-new-password',
        confirmPassword: 'a-new-password',
      }),
  },
];
