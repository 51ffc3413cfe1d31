// A query built and compiled once, run many times with new values. Kysely builds and compiles a
// query's SQL on every call (a sizeable share of a small request's time); for the queries every
// request makes (the session lookup), that work is done once per database handle. The values a
// call passes are found in the compiled parameters by stand-ins put there at build time.
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.ts';

export function preparedQuery<Args extends readonly unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<Database>, ...args: Args) => { compile(): CompiledQuery<Row> },
) {
  const standIns = Array.from({ length: arity }, (_, i) => `\u0000prepared-argument-${i}\u0000`);
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();
  return async (db: Kysely<Database>, ...args: Args): Promise<QueryResult<Row>> => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, ...(standIns as unknown as Args)).compile();
      const found = standIns.filter((standIn) => query!.parameters.includes(standIn));
      if (found.length !== arity) throw new Error('a prepared query must bind every argument');
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((parameter) => {
      const index = standIns.indexOf(parameter as string);
      return index < 0 ? parameter : args[index];
    });
    return db.executeQuery<Row>({ ...query, parameters });
  };
}
