// Sign-in attempts kept in the database, so the throttle holds under concurrency and across every
// server process (docs/decisions/002):
// - login_attempts: one row per attempt, reserved before the password is checked ('pending'),
//   then settled ('failed', or 'cleared' once the right password came from that address);
// - login_trusted_addresses: where an email has signed in successfully, which the per-email
//   slowdown and daily cap (aimed at guesses spread over many addresses) do not apply to.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function loginAttemptsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_attempts')
        .addColumn('attempt_id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) =>
          c.notNull().check(sql`outcome in ('pending', 'failed', 'cleared')`),
        )
        .addColumn('attempted_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_attempts_email_idx')
        .on('login_attempts')
        .columns(['email', 'attempted_at'])
        .execute();
      await db.schema
        .createIndex('login_attempts_ip_idx')
        .on('login_attempts')
        .columns(['ip', 'attempted_at'])
        .execute();
      await db.schema
        .createIndex('login_attempts_time_idx')
        .on('login_attempts')
        .column('attempted_at')
        .execute();
      await db.schema
        .createTable('login_trusted_addresses')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('last_success_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('login_trusted_addresses_pk', ['email', 'ip'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('login_trusted_addresses').execute();
      await db.schema.dropTable('login_attempts').execute();
    },
  };
}
