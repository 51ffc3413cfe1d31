// Kysely on node:sqlite without a queue for reads. Kysely's own SQLite driver puts every query of
// the process in one line (a mutex on its single connection), so a request that makes ten small
// queries waits ten times behind every other request: under load, requests with many queries
// starved (bench:load). node:sqlite runs each statement synchronously, so two statements can
// never interleave; only an open transaction (which awaits between its statements) must keep
// other requests' statements out until it ends. This driver does exactly that: a statement outside
// a transaction runs at once unless a transaction is open; what arrives meanwhile (statements and
// transaction starts alike) is served in arrival order when it ends.
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
} from 'kysely';

class SqliteStatementConnection implements DatabaseConnection {
  readonly #driver: SingleWriterSqliteDriver;
  constructor(driver: SingleWriterSqliteDriver) {
    this.#driver = driver;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.#driver.statement<R>(this, compiledQuery);
  }

  // biome-ignore lint/correctness/useYield: streaming is not used; Kysely requires the method
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by this SQLite driver');
  }
}

class SingleWriterSqliteDriver implements Driver {
  readonly #database: SqliteDatabase;
  /** The connection whose transaction is open, if any. */
  #owner: SqliteStatementConnection | null = null;
  /** Statements and transaction starts that arrived while a transaction was open, in order. */
  readonly #waiting: (() => void)[] = [];

  constructor(database: SqliteDatabase) {
    this.#database = database;
  }

  #run<R>(compiledQuery: CompiledQuery): QueryResult<R> {
    const statement = this.#database.prepare(compiledQuery.sql);
    if (statement.reader) return { rows: statement.all(compiledQuery.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(compiledQuery.parameters);
    return {
      insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
      numAffectedRows: changes != null ? BigInt(changes) : undefined,
      rows: [],
    };
  }

  /** Runs a statement now when it may (inside its own transaction, or nothing open and no one
   * waiting), else when its turn comes: first come, first served, so nobody starves. */
  statement<R>(
    connection: SqliteStatementConnection,
    compiledQuery: CompiledQuery,
  ): Promise<QueryResult<R>> {
    const now = this.#owner === connection || (!this.#owner && this.#waiting.length === 0);
    return new Promise((resolve, reject) => {
      const run = () => {
        try {
          resolve(this.#run<R>(compiledQuery));
        } catch (error) {
          reject(error);
        }
      };
      if (now) run();
      else this.#waiting.push(run);
    });
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteStatementConnection(this);
  }

  beginTransaction(connection: DatabaseConnection): Promise<void> {
    return new Promise((resolve, reject) => {
      const begin = () => {
        this.#owner = connection as SqliteStatementConnection;
        try {
          this.#run(CompiledQuery.raw('begin'));
          resolve();
        } catch (error) {
          this.#finish();
          reject(error);
        }
      };
      if (!this.#owner && this.#waiting.length === 0) begin();
      else this.#waiting.push(begin);
    });
  }

  async commitTransaction(): Promise<void> {
    try {
      this.#run(CompiledQuery.raw('commit'));
    } finally {
      this.#finish();
    }
  }

  async rollbackTransaction(): Promise<void> {
    try {
      this.#run(CompiledQuery.raw('rollback'));
    } finally {
      this.#finish();
    }
  }

  /** The transaction ended: serve the waiting in order until one of them opens a transaction. */
  #finish() {
    this.#owner = null;
    while (!this.#owner && this.#waiting.length > 0) this.#waiting.shift()!();
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    this.#database.close();
  }
}

/** The SQLite adapter, told that connections need no queue (the driver above keeps the rules). */
class UnqueuedSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new SingleWriterSqliteDriver(this.#database);
  }
  override createAdapter() {
    return new UnqueuedSqliteAdapter();
  }
}
