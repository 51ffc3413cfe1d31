// The authorization matrix's rows for Settings → System (issue 30, docs/decisions/042-backups.md):
// backups hold the whole center's data, so every route is the admin's alone.
import type { TestClient, TestResponse } from '../../helpers/test-server.ts';
import { ALL, type Row, server } from './world.ts';

async function leaseReleased(): Promise<boolean> {
  const row = await server.server.ctx.database.db
    .selectFrom('center_settings')
    .select('backup_claimed_until')
    .executeTakeFirst();
  return !row?.backup_claimed_until;
}

/** Starts a backup and, when it started, waits for its end: nothing else runs beside the cells. */
async function backUpNow(client: TestClient): Promise<TestResponse> {
  const started = await client.post('/api/backups');
  if (started.status !== 202) return started;
  for (let i = 0; i < 600; i++) {
    const list = await client.get('/api/backups');
    const item = list.body.items?.find(
      (b: { backup_id: string }) => b.backup_id === started.body.backup_id,
    );
    // Finished, and its lease given back (the last thing it writes): the next cell's snapshot
    // must not see the lease change under it.
    if (item && item.state !== 'running' && (await leaseReleased())) return started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the backup did not finish');
}

const UNKNOWN_BACKUP = '00000000-0000-4000-8000-000000000000';

export const backupRows: Row[] = [
  {
    route: 'GET /api/backups',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.get('/api/backups'),
  },
  {
    route: 'PUT /api/backups/settings',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) =>
      c.put('/api/backups/settings', {
        enabled: true,
        time: '02:00',
        keep_daily: 7,
        keep_weekly: 4,
        folder: null,
      }),
  },
  {
    route: 'POST /api/backups',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => backUpNow(c),
  },
  {
    route: 'GET /api/backups/:backupId/download',
    scopes: ['-'],
    allow: { admin: ALL },
    // The admin's answer for an unknown backup is a 404; everyone else is refused before.
    call: (c) => c.get(`/api/backups/${UNKNOWN_BACKUP}/download`),
  },
];
