// The Zoom account pool as an admin fills it: SYNC, then add every user Zoom offers.
import type { TestClient } from './test-server.ts';

export async function addWholeZoomPool(admin: TestClient): Promise<void> {
  const sync = await admin.post('/api/zoom-accounts/sync');
  if (sync.status !== 200) throw new Error(`sync failed: ${sync.text}`);
  const users = (sync.body.users as { id: string; email: string }[]).map(({ id, email }) => ({
    id,
    email,
  }));
  const added = await admin.post('/api/zoom-accounts', { users });
  if (added.status !== 201) throw new Error(`adding the pool failed: ${added.text}`);
}
