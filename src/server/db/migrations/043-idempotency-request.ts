// An Idempotency-Key remembers which request it was first used with (issue 30 point 6,
// docs/decisions/045-origin-emails-events.md): request_hash is the SHA-256 of the method, the
// path and the canonical body. A key sent again with another body is refused; rows from before
// this migration have none and are answered as before.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function idempotencyRequestMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();
    },
    // Without a down, going back past it left it recorded as run while the earlier ones were
    // undone, and the next migrateToLatest refused the history as out of order.
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('idempotency_keys').dropColumn('request_hash').execute();
    },
  };
}
