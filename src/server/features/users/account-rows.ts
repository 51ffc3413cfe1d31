// The writes every way of making an account shares (one account, an import of many): first
// credentials, a new user's row, and the reactivation of a soft-deleted account (product.md §4).
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Role } from '#common/constants.ts';
import type { Database } from '#server/db/schema.ts';
import { searchName } from '#server/db/search.ts';
import { revokeCalendarFeedOf } from '#server/features/calendar/index.ts';

/** §3: the email's local part, an underscore and the last 4 digits of the timestamp. */
export function makeUsername(email: string, now: Date): string {
  return `${email.split('@')[0]}_${String(now.getTime()).slice(-4)}`;
}

/** Sign-in credentials whose password must be changed at the first sign-in. */
export async function addFirstCredentials(
  trx: Transaction<Database>,
  credentials: readonly { authId: string; hash: string }[],
  now: Date,
): Promise<void> {
  if (credentials.length === 0) return;
  const nowIso = now.toISOString();
  await trx
    .insertInto('auth_credentials')
    .values(
      credentials.map((c) => ({
        auth_id: c.authId,
        password_hash: c.hash,
        must_change_password: true,
        password_changed_at: nowIso,
        created_at: nowIso,
      })),
    )
    .execute();
}

export interface NewAccount {
  authId: string;
  email: string;
  full_name: string;
  /** Stored form (+84…), when the import had one. */
  phone?: string | null;
  role: Role;
  /** null: made outside the app (the first admin, `npm run admin -- create-admin`). */
  createdBy: string | null;
  /** The language the account starts in (the center's 'Users' card); null: its browser's. */
  language: 'vi' | 'en' | null;
}

/** A new active user's row. */
export function newUserRow(account: NewAccount, now: Date) {
  const nowIso = now.toISOString();
  return {
    user_id: randomUUID(),
    auth_id: account.authId,
    email: account.email,
    full_name: account.full_name,
    search_name: searchName(account.full_name),
    role: account.role,
    username: makeUsername(account.email, now),
    is_active: true,
    avatar_url: null,
    phone: account.phone ?? null,
    created_at: nowIso,
    updated_at: nowIso,
    created_by: account.createdBy,
    language: account.language,
  };
}

/**
 * Brings back a soft-deleted account (§4): role, name and the link to sign-in credentials reset;
 * the old credentials and their sessions go, so nothing can sign in with them again.
 */
export async function reactivateAccount(
  trx: Transaction<Database>,
  existing: { user_id: string; auth_id: string },
  account: Omit<NewAccount, 'email'>,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      auth_id: account.authId,
      full_name: account.full_name,
      search_name: searchName(account.full_name),
      role: account.role,
      // A number given now replaces the old one; none given keeps it.
      ...(account.phone ? { phone: account.phone } : {}),
      is_active: true,
      updated_at: now.toISOString(),
      created_by: account.createdBy,
      language: account.language,
    })
    .where('user_id', '=', existing.user_id)
    .execute();
  await trx.deleteFrom('auth_credentials').where('auth_id', '=', existing.auth_id).execute();
  // The e-mail may now be someone else's: nothing of the previous holder follows it.
  await forgetAccountHolder(trx, existing.user_id, 'everything');
}

/**
 * What an account's holder had that must not reach whoever holds it next (issue 30 findings 4 and
 * 8, docs/decisions/044-calendar-feed-secrets.md): its calendar feed link and the e-mails not yet
 * sent to it always; on deletion and reactivation also its notifications (the new holder starts
 * with an empty list). A new first password keeps the notifications: the account's holder is the
 * same person, who lost their way in, and the link ends in case it was the link that leaked.
 */
export async function forgetAccountHolder(
  trx: Transaction<Database>,
  userId: string,
  what: 'everything' | 'links',
): Promise<void> {
  await revokeCalendarFeedOf(trx, userId);
  await trx
    .deleteFrom('email_outbox')
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .execute();
  if (what === 'everything') {
    await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
  }
}
