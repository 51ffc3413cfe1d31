// Idempotency keys: a client that retries a create after a lost reply (or a crashed server)
// sends the same Idempotency-Key, and gets the first result instead of a second record. The key
// row is written in the same transaction as the record it names, so it exists exactly when the
// record does.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function idempotencyKeysMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idempotency_key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created_at')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_keys').execute();
    },
  };
}
