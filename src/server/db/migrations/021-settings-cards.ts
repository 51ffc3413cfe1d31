// The settings cards of issue 26 (docs/decisions/025-settings-and-sessions.md):
// - center_settings: the language new accounts start in (null: their browser's, as before), how
//   long a first password is good for (72 hours, as before), whether staff may export lists, and
//   whether the chat panel shows (as the specification has it: shown);
// - sessions: a public id (the token's hash stays the lookup key and never leaves the server),
//   the browser's user agent and the address it signed in from, for the list of active sessions.
//   Sessions that exist before this get an id; their device and address stay unknown.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function settingsCardsMigration(dialect: Dialect): Migration {
  const boolean = dialect === 'postgres' ? 'boolean' : 'integer';
  const yes = dialect === 'postgres' ? sql`true` : sql`1`;
  return {
    async up(db: Kysely<unknown>) {
      const centerColumns = [
        ['new_user_language', 'text', (c) => c.check(sql`new_user_language in ('vi', 'en')`)],
        [
          'first_password_hours',
          'integer',
          (c) => c.notNull().defaultTo(72).check(sql`first_password_hours between 1 and 720`),
        ],
        ['staff_may_export', boolean, (c) => c.notNull().defaultTo(yes)],
        ['chat_panel_shown', boolean, (c) => c.notNull().defaultTo(yes)],
      ] as const satisfies readonly [
        string,
        'text' | 'integer' | 'boolean',
        Parameters<ReturnType<Kysely<unknown>['schema']['alterTable']>['addColumn']>[2],
      ][];
      // SQLite adds one column per statement.
      for (const [name, type, build] of centerColumns) {
        await db.schema.alterTable('center_settings').addColumn(name, type, build).execute();
      }
      for (const name of ['session_id', 'user_agent', 'ip']) {
        await db.schema.alterTable('sessions').addColumn(name, 'text').execute();
      }
      const typed = db as unknown as Kysely<{
        sessions: { token_hash: string; session_id: string | null };
      }>;
      const existing = await typed.selectFrom('sessions').select('token_hash').execute();
      for (const { token_hash } of existing) {
        await typed
          .updateTable('sessions')
          .set({ session_id: randomUUID() })
          .where('token_hash', '=', token_hash)
          .execute();
      }
      await db.schema
        .createIndex('sessions_session_id')
        .on('sessions')
        .column('session_id')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sessions_session_id').execute();
      for (const name of ['ip', 'user_agent', 'session_id']) {
        await db.schema.alterTable('sessions').dropColumn(name).execute();
      }
      for (const name of [
        'chat_panel_shown',
        'staff_may_export',
        'first_password_hours',
        'new_user_language',
      ]) {
        await db.schema.alterTable('center_settings').dropColumn(name).execute();
      }
    },
  };
}
