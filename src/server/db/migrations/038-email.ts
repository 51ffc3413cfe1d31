// E-mail (issue 29 point 4, docs/decisions/039-email.md):
// - email_settings: one row ('smtp'), the SMTP connection set in Settings → Notifications (its
//   password sealed by lib/secret-box.ts, never plain) and the center's default per e-mailable
//   notification type (JSON type → boolean; a type missing follows DEFAULT_EMAIL_DEFAULTS);
// - email_preferences: a person's own choice per type (no row: the center's default);
// - email_outbox: every message to send, written when its notification is stored, sent by a
//   leased job (claimed_until) with retries; notification_id is unique, so one notification
//   never makes two messages.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function emailMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const bool = dialect === 'postgres' ? 'boolean' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('email_settings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('host', 'text')
        .addColumn('port', 'integer', (c) => c.notNull().defaultTo(587))
        .addColumn('security', 'text', (c) =>
          c.notNull().defaultTo('starttls').check(sql`security in ('none', 'starttls', 'tls')`),
        )
        .addColumn('username', 'text')
        .addColumn('sealed_password', 'text')
        .addColumn('from_address', 'text')
        .addColumn('from_name', 'text')
        .addColumn('email_defaults', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('updated_at', timestamp)
        .addColumn('updated_by', 'text')
        .execute();
      await db
        .insertInto('email_settings' as never)
        .values({ id: 'smtp' } as never)
        .execute();
      await db.schema
        .createTable('email_preferences')
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('enabled', bool, (c) => c.notNull())
        .addPrimaryKeyConstraint('email_preferences_pk', ['user_id', 'type'])
        .execute();
      await db.schema
        .createTable('email_outbox')
        .addColumn('message_id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('notification', 'password_reset')`),
        )
        // No foreign key: a notification or person deleted later does not unsend what was sent.
        .addColumn('notification_id', 'text', (c) => c.unique())
        .addColumn('user_id', 'text')
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) =>
          c.notNull().check(sql`state in ('pending', 'sent', 'failed')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('due_at', timestamp, (c) => c.notNull())
        .addColumn('claimed_until', timestamp)
        .addColumn('last_error', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('sent_at', timestamp)
        .execute();
      await db.schema
        .createIndex('email_outbox_due')
        .on('email_outbox')
        .columns(['state', 'due_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('email_outbox').execute();
      await db.schema.dropTable('email_preferences').execute();
      await db.schema.dropTable('email_settings').execute();
    },
  };
}
