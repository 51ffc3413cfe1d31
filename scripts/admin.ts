// For whoever runs the server (issue 26 point 8), when nobody can sign in as admin any more:
//   npm run admin -- reset-password EMAIL   a new first password for an active account
//   npm run admin -- create-admin EMAIL     a new admin account with a first password
// Both print the password once; it must be changed at the next sign-in, within the first
// password's validity, as one an admin issues in the app (features/users/issue-first-password.ts).
// The script reads the server's own configuration (.env, DATA_DIR or DATABASE_URL) and may run
// while the server runs: a reset ends the account's sessions there too.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { normalizeEmail } from '#common/fields.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { readCenterSettings } from '#server/features/center-settings/index.ts';
import { type AppContext, systemClock } from '#server/context.ts';
import { openDatabase } from '#server/db/connection.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { toBool } from '#server/db/schema.ts';
import {
  generateAccountPassword,
  hashPassword,
  replacePassword,
} from '#server/features/auth/index.ts';
import { openFileStorage } from '#server/features/files/open-storage.ts';
import { configuredProviders } from '#server/features/providers/installed.ts';
import {
  addFirstCredentials,
  newUserRow,
  reactivateAccount,
} from '#server/features/users/account-rows.ts';
import { createDomainEvents } from '#server/lib/domain-events.ts';
import { createLocalHub, createPostgresHub } from '#server/realtime/hub.ts';

const USAGE = `Usage:
  npm run admin -- reset-password EMAIL   print a new first password for an active account
  npm run admin -- create-admin EMAIL     create an admin account and print its first password
`;

/** A refusal the operator can act on: printed without a stack trace, exit code 1. */
class CommandError extends Error {}

async function openContext(): Promise<AppContext> {
  const config = loadConfig();
  const database = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: 2,
  });
  await migrateToLatest(database);
  // On PostgreSQL the running servers hear of the ended sessions and close their event streams.
  const events =
    database.pgPool && database.databaseUrl
      ? createPostgresHub(database.databaseUrl, database.pgPool)
      : createLocalHub();
  return {
    config,
    database,
    events,
    domainEvents: createDomainEvents(),
    files: await openFileStorage(config, database, systemClock),
    clock: systemClock,
    providers: configuredProviders(config.providers, systemClock),
  };
}

async function resetPassword(ctx: AppContext, email: string): Promise<string> {
  const account = await ctx.database.db
    .selectFrom('users')
    .select(['auth_id', 'is_active'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!account || !toBool(account.is_active)) {
    throw new CommandError(`No active account has the email ${email}.`);
  }
  const password = generateAccountPassword();
  await replacePassword(ctx, account.auth_id, password, {
    mustChange: true,
    auditAction: 'user.first_password',
  });
  return password;
}

async function createAdmin(ctx: AppContext, email: string): Promise<string> {
  const exists = () =>
    new CommandError(
      `An active account already has the email ${email}: use reset-password for it, or another email.`,
    );
  const password = generateAccountPassword();
  const hash = await hashPassword(password);
  const now = ctx.clock.now();
  const authId = randomUUID();
  // Nobody in the app made this account: no creator, as for the first admin.
  const account = {
    authId,
    email,
    full_name: 'Administrator',
    role: 'admin' as const,
    createdBy: null,
    // The language new accounts start in (Settings → Users).
    language: (await readCenterSettings(ctx.database.db)).new_user_language,
  };
  try {
    await ctx.database.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select(['user_id', 'auth_id', 'is_active'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (existing && toBool(existing.is_active)) throw exists();
      await addFirstCredentials(trx, [{ authId, hash }], now);
      // A soft-deleted account of that email comes back as an admin (as createUser does).
      if (existing) await reactivateAccount(trx, existing, account, now);
      else await trx.insertInto('users').values(newUserRow(account, now)).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
  return password;
}

const commands = { 'reset-password': resetPassword, 'create-admin': createAdmin } as const;

async function main(args: string[]): Promise<number> {
  const [name, rawEmail, ...extra] = args;
  if (!name || !(name in commands) || !rawEmail || extra.length > 0) {
    process.stderr.write(USAGE);
    return 2;
  }
  const email = normalizeEmail(rawEmail);
  if (!z.email().safeParse(email).success) {
    process.stderr.write(`Not an email address: ${rawEmail}\n`);
    return 2;
  }
  let ctx: AppContext;
  try {
    ctx = await openContext();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  try {
    const password = await commands[name as keyof typeof commands](ctx, email);
    // How long a first password is valid: Settings → Users.
    const hours = (await readCenterSettings(ctx.database.db)).first_password_hours;
    process.stdout.write(
      `${name === 'create-admin' ? 'Created the admin account' : 'New first password for'} ${email}\n` +
        `  Password: ${password}\n` +
        `Shown only once. It must be changed at the first sign-in, within ${hours} hours.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CommandError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await ctx.events.close();
    await ctx.database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
