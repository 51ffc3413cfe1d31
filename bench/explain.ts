// Query plans for the benches: EXPLAIN on PostgreSQL, EXPLAIN QUERY PLAN on SQLite, of a compiled
// query or of every query some server code runs (caught by a Kysely plugin as they are compiled).
import {
  CompiledQuery as Compiled,
  type CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { DatabaseHandle } from '#server/db/connection.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';

/** The plan of one query, a line per step. */
export async function explainPlan(handle: DatabaseHandle, query: CompiledQuery): Promise<string[]> {
  if (handle.dialect === 'postgres') {
    const { rows } = await handle.pgPool!.query(`explain ${query.sql}`, [
      ...query.parameters,
    ] as unknown[]);
    return rows.map((r) => r['QUERY PLAN'] as string);
  }
  const { rows } = await handle.db.executeQuery(
    Compiled.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  return rows.map((r) => (r as { detail: string }).detail);
}

/**
 * Runs `work` with a database that notes every query it compiles, and returns those queries (the
 * work's own result is dropped). Reads only: what it writes is really written.
 */
export async function queriesOf(
  handle: DatabaseHandle,
  work: (db: DatabaseHandle['db']) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const executor = handle.db.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      seen.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
  await work(handle.db.withPlugin(plugin));
  return seen;
}

/** Each query's SQL (shortened) and plan, under a heading. */
export async function explainAll(
  handle: DatabaseHandle,
  name: string,
  queries: CompiledQuery[],
): Promise<string[]> {
  const out = [`-- ${name}`];
  for (const [i, query] of queries.entries()) {
    const text = query.sql.replace(/\s+/g, ' ').trim();
    out.push(`  [${i + 1}] ${text.length > 160 ? `${text.slice(0, 157)}...` : text}`);
    for (const line of await explainPlan(handle, query)) out.push(`     ${line}`);
  }
  return out;
}

/** The signed-in user a query is explained for, read from the seeded data by e-mail. */
export async function benchViewer(handle: DatabaseHandle, email: string): Promise<SessionUser> {
  const u = await handle.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { ...u, is_active: true, mustChangePassword: false } as SessionUser;
}
