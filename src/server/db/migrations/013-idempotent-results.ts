// An Idempotency-Key's record keeps the first reply's result as JSON (one shape per operation),
// instead of a resource id with numbers packed into it. Keys already recorded (kept for a day)
// are carried over in the new shape, so a retry across the upgrade is still answered.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

interface OldKey {
  user_id: string;
  idempotency_key: string;
  scope: string;
  resource_id: string;
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

export const idempotentResultsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const old = await sql<OldKey>`select * from idempotency_keys`.execute(db);
    await db.schema
      .alterTable('idempotency_keys')
      .addColumn('result', 'text', (c) => c.notNull().defaultTo('null'))
      .execute();
    for (const row of old.rows) {
      const result = JSON.stringify(await resultOf(db, row));
      await sql`update idempotency_keys set result = ${result}
        where user_id = ${row.user_id} and idempotency_key = ${row.idempotency_key}`.execute(db);
    }
    await db.schema.alterTable('idempotency_keys').dropColumn('resource_id').execute();
  },
  async down(db: Kysely<unknown>) {
    // The packed resource ids cannot be rebuilt from the results: the keys (a day's) go.
    await sql`delete from idempotency_keys`.execute(db);
    await db.schema
      .alterTable('idempotency_keys')
      .addColumn('resource_id', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('idempotency_keys').dropColumn('result').execute();
  },
};
