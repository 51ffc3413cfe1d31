// Settings a video provider keeps in the database (docs/decisions/024): Zoom's credentials, set in
// the app by the admin rather than only in the server's environment. One row per provider; its
// fields are a JSON object of values each sealed with AES-256-GCM (lib/secret-box.ts), never
// plain. `version` grows with every change: a process compares it with the one it read.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function providerSettingsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('provider_settings')
        .addColumn('provider', 'text', (c) => c.primaryKey())
        .addColumn('sealed_fields', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        // Who changed them last; kept when that account is removed.
        .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('provider_settings').execute();
    },
  };
}
