// Adapts node:sqlite's DatabaseSync to the small interface Kysely's SqliteDialect expects.
// The driver in sqlite-dialect.ts decides when statements may run on this single connection.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const STATEMENT_CACHE_SIZE = 200;

/** node:sqlite binds only numbers, strings, bigints, buffers and null: convert the rest here. */
function toSqliteValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (
    typeof value === 'number' ||
    typeof value === 'string' ||
    typeof value === 'bigint' ||
    ArrayBuffer.isView(value)
  ) {
    return value as SQLInputValue;
  }
  return JSON.stringify(value);
}

export function createSqliteAdapter(database: DatabaseSync): SqliteDatabase {
  // Preparing a statement costs more than running a small one: keep recent ones, in LRU order.
  // Whether it returns rows is asked once per statement (columns() builds an array each call).
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  const prepare = (sqlText: string) => {
    let entry = cache.get(sqlText);
    if (entry) {
      cache.delete(sqlText);
    } else {
      const statement = database.prepare(sqlText);
      entry = { statement, reader: statement.columns().length > 0 };
      if (cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
    }
    cache.set(sqlText, entry);
    return entry;
  };

  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sqlText: string): SqliteStatement {
      const { statement, reader } = prepare(sqlText);
      const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
      return {
        reader,
        all: (parameters) => statement.all(...bind(parameters)),
        run: (parameters) => statement.run(...bind(parameters)),
        iterate: (parameters) => statement.iterate(...bind(parameters)),
      };
    },
  };
}
