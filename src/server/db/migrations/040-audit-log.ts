// The audit log (issue 30, docs/decisions/041-audit-log.md): one row per change a person made —
// who (id and name as they were, no foreign key: the history outlives the account), from which
// address, when, the operation and the record, and the fields before and after (never a password,
// a secret or a token: those are only marked as changed). Written in the transaction of the change
// itself, so a change that rolls back leaves no entry. The product has no route that edits or
// deletes an entry; only the pruning job removes entries older than the retention the admin sets
// (center_settings.audit_retention_days, two years unless changed).
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function auditLogMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('audit_id', 'text', (c) => c.primaryKey())
        .addColumn('at', timestamp, (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('actor_name', 'text')
        .addColumn('actor_ip', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('record_type', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema
        .createIndex('audit_log_record')
        .on('audit_log')
        .columns(['record_type', 'record_id', 'at'])
        .execute();
      await db.schema
        .createIndex('audit_log_actor')
        .on('audit_log')
        .columns(['actor_id', 'at'])
        .execute();
      await db.schema
        .alterTable('center_settings')
        .addColumn('audit_retention_days', 'integer', (c) =>
          c.notNull().defaultTo(730).check(sql`audit_retention_days between 30 and 3650`),
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('center_settings').dropColumn('audit_retention_days').execute();
      await db.schema.dropTable('audit_log').execute();
    },
  };
}
