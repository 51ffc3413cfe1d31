// The authorization matrix's rows for the center's settings and themes: admin's alone, but for
// what the sign-in page shows.

import { randomUUID } from 'node:crypto';
import { themeBody } from '../../helpers/factories.ts';
import { PNG_1x1 } from '../../helpers/images.ts';
import { ALL, admin, type Row } from './world.ts';

export const settingsRows: Row[] = [
  // Center settings and themes.
  {
    route: 'GET /api/center-settings',
    scopes: ['-'],
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.get('/api/center-settings'),
  },
  {
    route: 'PATCH /api/center-settings',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.patch('/api/center-settings', { center_name: 'Edu Center' }),
  },
  {
    route: 'PATCH /api/center-settings/options',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.patch('/api/center-settings/options', { chat_panel_shown: true }),
  },
  {
    route: 'POST /api/center-settings/logo',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) =>
      c.upload('/api/center-settings/logo', { bytes: PNG_1x1, name: 'l.png', type: 'image/png' }),
  },
  {
    route: 'GET /api/themes/active',
    scopes: ['-'],
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.get('/api/themes/active'),
  },
  {
    route: 'GET /api/themes',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.get('/api/themes'),
  },
  {
    route: 'POST /api/themes',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.post('/api/themes', themeBody(`Theme ${randomUUID().slice(0, 8)}`)),
  },
  {
    route: 'PUT /api/themes/:themeId',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c, t) => c.put(`/api/themes/${t.themeId}`, { theme_name: 'Spare' }),
  },
  {
    route: 'DELETE /api/themes/:themeId',
    scopes: ['-'],
    allow: { admin: ALL },
    fresh: async () => ({
      themeId: (await admin.post('/api/themes', themeBody(`Gone ${randomUUID().slice(0, 8)}`))).body
        .theme_id,
    }),
    call: (c, t) => c.delete(`/api/themes/${t.themeId}`),
  },
  {
    route: 'POST /api/themes/:themeId/apply',
    scopes: ['-'],
    allow: { admin: ALL },
    call: async (c, t) => {
      const response = await c.post(`/api/themes/${t.themeId}/apply`);
      if (response.status === 200) {
        const themes = (await admin.get('/api/themes')).body.items as {
          theme_id: string;
          is_default: boolean;
        }[];
        await admin.post(`/api/themes/${themes.find((x) => x.is_default)!.theme_id}/apply`);
      }
      return response;
    },
  },
];
