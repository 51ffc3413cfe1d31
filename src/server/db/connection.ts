// Opens the database: an embedded SQLite file under DATA_DIR by default, or a PostgreSQL server
// when DATABASE_URL is set. Everything above this file speaks Kysely and sees the same types.
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import type { Database } from './schema.ts';
import { createSqliteAdapter } from './sqlite-adapter.ts';
import { NodeSqliteDialect } from './sqlite-dialect.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Set on PostgreSQL: realtime LISTEN/NOTIFY needs its own connections. */
  pgPool?: pg.Pool;
  databaseUrl?: string;
  /**
   * Set on SQLite: the one connection every query goes through. The online backup copies through
   * it, so the server's own writes reach the copy at once instead of restarting it.
   */
  sqlite?: DatabaseSync;
  /** Set on SQLite: the database file. */
  sqliteFile?: string;
  close(): Promise<void>;
}

/** The PostgreSQL driver, loaded only when DATABASE_URL names a server. */
export const pgDriver = lazyRequire<typeof pg>('pg');

export const SQLITE_FILE_NAME = 'edu-center.sqlite';

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_DATE = 1082;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/** Reads PostgreSQL values in the same shape SQLite stores them: ISO strings, plain numbers. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    if (oid === PG_DATE) return (value: string) => value;
    if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) {
      const parseDate = pgDriver().types.getTypeParser(oid, 'text') as (value: string) => Date;
      return (value: string) => parseDate(value).toISOString();
    }
    return pgDriver().types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

export function openSqlite(dataDir: string): DatabaseHandle {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  const database = new DatabaseSync(file);
  // WAL lets readers run beside the writer; synchronous=FULL makes an acknowledged commit
  // survive a power cut; foreign keys are off by default in SQLite.
  database.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;
  `);
  const db = new Kysely<Database>({
    dialect: new NodeSqliteDialect(createSqliteAdapter(database)),
  });
  return { db, dialect: 'sqlite', sqlite: database, sqliteFile: file, close: () => db.destroy() };
}

export function openPostgres(databaseUrl: string, poolSize: number): DatabaseHandle {
  const pgPool = new (pgDriver().Pool)({
    connectionString: databaseUrl,
    max: poolSize,
    types: pgTypes,
    connectionTimeoutMillis: 5_000,
  });
  // A database restart kills its connections. The pool reports idle ones here and replaces them;
  // a connection in use by a request emits 'error' on its own client, and the query in flight
  // fails (the request answers 503). Without both listeners the error event would crash the
  // process (found by bench/crash.ts --db postgres).
  pgPool.on('error', () => {});
  pgPool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pgPool }) });
  return { db, dialect: 'postgres', pgPool, databaseUrl, close: () => db.destroy() };
}

export function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string;
  poolSize?: number;
}): DatabaseHandle {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openSqlite(options.dataDir);
}
