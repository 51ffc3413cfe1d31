// The first admin: created on a start that finds no admin in the database, from ADMIN_EMAIL
// and ADMIN_PASSWORD when set, otherwise admin@edu.local with a random password printed once.
import { randomUUID } from 'node:crypto';
import { normalizeEmail } from '#common/fields.ts';
import { searchName } from '#server/db/search.ts';
import { generateStrongPassword, hashPassword } from '#server/features/auth/passwords.ts';
import type { AppContext } from './context.ts';
import { isUniqueViolation } from './db/errors.ts';
import { makeUsername } from './features/users/account-rows.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@edu.local';

export async function ensureAdmin(
  ctx: AppContext,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<{ created: boolean; email?: string }> {
  const { db } = ctx.database;
  const anyAdmin = await db
    .selectFrom('users')
    .select('user_id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  if (anyAdmin) return { created: false };

  const configured = ctx.config.admin;
  const email = normalizeEmail(configured?.email ?? DEFAULT_ADMIN_EMAIL);
  const password = configured?.password ?? generateStrongPassword();
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const authId = randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('auth_credentials')
        .values({
          auth_id: authId,
          password_hash: passwordHash,
          // A printed password must be replaced; one the operator chose need not be.
          must_change_password: !configured,
          password_changed_at: now.toISOString(),
          created_at: now.toISOString(),
        })
        .execute();
      await trx
        .insertInto('users')
        .values({
          user_id: randomUUID(),
          auth_id: authId,
          email,
          full_name: 'Administrator',
          search_name: searchName('Administrator'),
          role: 'admin',
          username: makeUsername(email, now),
          is_active: true,
          avatar_url: null,
          phone: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          created_by: null,
        })
        .execute();
    });
  } catch (error) {
    // Another server process starting at the same moment created it first.
    if (isUniqueViolation(error)) return { created: false };
    throw error;
  }

  if (configured) {
    print(`Created the first admin account ${email} (password from ADMIN_PASSWORD).\n`);
  } else {
    const line = '='.repeat(64);
    print(
      `\n${line}\n  Edu Center: the first admin account was created.\n\n` +
        `    Email:    ${email}\n    Password: ${password}\n\n` +
        '  Sign in and choose a new password. This password is shown only once.\n' +
        `${line}\n\n`,
    );
  }
  return { created: true, email };
}
