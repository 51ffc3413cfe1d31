// An Idempotency-Key's record keeps the first reply's result as JSON (one shape per operation),
// instead of a resource id with numbers packed into it. Keys already recorded (kept for a day)
// are carried over in the new shape, so a retry across the upgrade is still answered.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';
import { idempotencyKeysMigration } from './002-idempotency-keys.ts';

interface OldKey {
  user_id: string;
  idempotency_key: string;
  scope: string;
  resource_id: string;
  created_at: unknown;
}

/** The old packed resource as the JSON result its operation stores now. */
async function resultOf(db: Kysely<unknown>, row: OldKey): Promise<unknown> {
  const parts = row.resource_id.split('|');
  if (row.scope.startsWith('schedule:')) return { schedule_id: row.resource_id };
  if (row.scope.startsWith('enrolment:')) return { added: row.resource_id.split(',').length };
  if (row.scope === 'user-import') {
    const [created = 0, reactivated = 0, skipped = 0, enrolled = 0] = parts.slice(1).map(Number);
    return { created, reactivated, skipped, enrolled };
  }
  const [seriesId = row.resource_id, skipped = '0'] = parts;
  const counted = await sql<{ n: number | string }>`
    select count(*) as n from schedules where series_id = ${seriesId}`.execute(db);
  return {
    series_id: seriesId,
    created: Number(counted.rows[0]?.n ?? 0),
    skipped: Number(skipped),
  };
}

export function idempotentResultsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      const old = await sql<OldKey>`select * from idempotency_keys`.execute(db);
      await db.schema
        .createTable('idempotency_results')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_results_pk', ['user_id', 'idempotency_key'])
        .execute();
      for (const row of old.rows) {
        const result = JSON.stringify(await resultOf(db, row));
        await sql`insert into idempotency_results (user_id, idempotency_key, scope, result, created_at)
          values (${row.user_id}, ${row.idempotency_key}, ${row.scope}, ${result}, ${row.created_at})`.execute(
          db,
        );
      }
      await db.schema.dropTable('idempotency_keys').execute();
      await db.schema.alterTable('idempotency_results').renameTo('idempotency_keys').execute();
      await db.schema
        .createIndex('idempotency_keys_created_at')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      // The packed resource ids cannot be rebuilt from results: the keys (a day's worth) go.
      await db.schema.dropTable('idempotency_keys').execute();
      await idempotencyKeysMigration(dialect).up(db);
    },
  };
}
