// 'Quên mật khẩu?' (issue 29 point 5, docs/decisions/040-password-reset.md):
// - password_resets: one row per link sent, by the SHA-256 of its random token (the token itself
//   is only in the e-mail), good until expires_at and once (used_at);
// - password_reset_requests: every request, known address or not, for the throttle.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function passwordResetsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('auth_id', 'text', (c) =>
          c.notNull().references('auth_credentials.auth_id').onDelete('cascade'),
        )
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema
        .createIndex('password_resets_auth')
        .on('password_resets')
        .column('auth_id')
        .execute();
      await db.schema
        .createTable('password_reset_requests')
        .addColumn('request_id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('requested_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('password_reset_requests_email')
        .on('password_reset_requests')
        .columns(['email', 'requested_at'])
        .execute();
      await db.schema
        .createIndex('password_reset_requests_ip')
        .on('password_reset_requests')
        .columns(['ip', 'requested_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('password_reset_requests').execute();
      await db.schema.dropTable('password_resets').execute();
    },
  };
}
