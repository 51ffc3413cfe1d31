// Row locking where the databases differ. PostgreSQL locks rows with FOR UPDATE; SQLite has no
// row locks, and needs none here: one connection runs one transaction at a time, and a write
// transaction holds the whole database until it commits.
import type { SelectQueryBuilder } from 'kysely';
import type { Dialect } from './connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: generic over every query shape
export function forUpdate<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  dialect: Dialect,
): Q {
  return dialect === 'postgres' ? (query.forUpdate() as Q) : query;
}
