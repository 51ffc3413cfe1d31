// Families in tests (issue 29): a parent's account made by the account factory and linked to their
// children directly in student_parents (the staff's own way of linking is another part's).
import { type Account, createAccount } from './factories.ts';
import type { TestClient, TestServer } from './test-server.ts';

/** Links `parent` to each child, as the staff's link would. */
export async function linkParent(
  server: TestServer,
  parent: Account,
  children: readonly Account[],
): Promise<void> {
  const { db } = server.server.ctx.database;
  const now = new Date().toISOString();
  await db
    .insertInto('student_parents')
    .values(
      children.map((child) => ({
        student_id: child.user.user_id,
        parent_id: parent.user.user_id,
        created_at: now,
        created_by: null,
      })),
    )
    .execute();
}

/** A parent's account (signed in, their own password set), linked to `children`. */
export async function createParent(
  server: TestServer,
  creator: TestClient,
  children: readonly Account[],
  fullName = 'Phụ huynh',
): Promise<Account> {
  const parent = await createAccount(server, creator, 'parent', { full_name: fullName });
  await linkParent(server, parent, children);
  return parent;
}
