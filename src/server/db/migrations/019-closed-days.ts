// The center's closed days (holidays): one row per calendar date in the center's time zone, so a
// day is closed once (its primary key), with the name people see ("Tết Nguyên Đán"). Series
// leave these days out; adding one lists the lessons already on it.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function closedDaysMigration(dialect: Dialect): Migration {
  const types =
    dialect === 'postgres'
      ? ({ timestamp: 'timestamptz', date: 'date' } as const)
      : ({ timestamp: 'text', date: 'text' } as const);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('closed_days')
        .addColumn('closed_date', types.date, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        // Who added it; kept when that account is removed (the day stays closed).
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('closed_days').execute();
    },
  };
}
