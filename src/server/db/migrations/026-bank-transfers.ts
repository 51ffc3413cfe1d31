// Bank transfers (issue 27, docs/decisions/030-bank-transfers.md): every incoming transfer the
// center learnt of, from a statement file or the bank webhook, recorded once (a unique fingerprint:
// the bank's reference when given, else a hash of the line's own data), with what became of it:
// matched (the payment entry and invoice it became), unmatched (left for staff), or ignored. And
// the webhook's API keys, kept as hashes only (the key is shown once, when generated).
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function bankTransfersMigration(dialect: Dialect): Migration {
  const types =
    dialect === 'postgres'
      ? ({ timestamp: 'timestamptz', date: 'date', money: 'bigint' } as const)
      : ({ timestamp: 'text', date: 'text', money: 'integer' } as const);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bank_transfers')
        .addColumn('transfer_id', 'text', (c) => c.primaryKey())
        .addColumn('source', 'text', (c) =>
          c.notNull().check(sql`source in ('statement', 'webhook')`),
        )
        .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
        .addColumn('bank_reference', 'text')
        // The webhook's own id of the transfer (SePay's `id`).
        .addColumn('external_id', 'text')
        .addColumn('transferred_on', types.date, (c) => c.notNull())
        .addColumn('amount', types.money, (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('matched', 'unmatched', 'ignored')`),
        )
        .addColumn('student_id', 'text', (c) => c.references('users.user_id'))
        .addColumn('invoice_id', 'text', (c) => c.references('invoices.invoice_id'))
        .addColumn('entry_id', 'text', (c) => c.references('ledger_entries.entry_id'))
        .addColumn('ignore_reason', 'text')
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('resolved_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('resolved_at', types.timestamp)
        .execute();
      await db.schema
        .createIndex('bank_transfers_by_status')
        .on('bank_transfers')
        .columns(['status', 'transferred_on'])
        .execute();

      await db.schema
        .createTable('bank_webhook_keys')
        .addColumn('key_id', 'text', (c) => c.primaryKey())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        /** The key's last characters, to tell keys apart in Settings. */
        .addColumn('hint', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('revoked_at', types.timestamp)
        .addColumn('revoked_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bank_webhook_keys').execute();
      await db.schema.dropTable('bank_transfers').execute();
    },
  };
}
