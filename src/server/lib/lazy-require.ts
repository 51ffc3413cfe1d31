// Packages loaded when first used instead of at start-up (docs/decisions/047-memory.md): each
// costs its code's memory for as long as the process runs, and many processes never need them
// (the PostgreSQL driver on the embedded database, the QR code drawer until a student opens an
// invoice, the CSV reader and writer until an import or an export). They are CommonJS, so a
// synchronous require keeps their callers synchronous; `import type` keeps the types.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A getter that requires `name` the first time it is called and returns the same module after. */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}
