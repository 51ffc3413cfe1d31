// Idempotency-Key (for creates a client may retry: lessons, enrolments). The first request with a
// key records it beside the record it creates, in the same transaction; a repeat with the same key
// finds it and answers with that record, so a retry after a lost reply or a server crash never
// makes a second one. Keys are per user and kept for a day.
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
export const IDEMPOTENCY_KEY_TTL_MS = 86_400_000;

/** The request's Idempotency-Key header, checked; undefined when it sent none. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new AppError('IDEMPOTENCY_KEY_INVALID', { field: 'Idempotency-Key' });
  }
  return header;
}

/** The record a key already created in this scope, or undefined for a new key. */
export async function findKeyedResource(
  db: Kysely<Database>,
  userId: string,
  key: string,
  scope: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['scope', 'resource_id'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.scope !== scope) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return row.resource_id;
}

/** Records the key inside the transaction that creates the record. */
export async function rememberKey(
  trx: Transaction<Database>,
  entry: { userId: string; key: string; scope: string; resourceId: string; now: Date },
): Promise<void> {
  await trx
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(entry.now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString())
    .execute();
  await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: entry.userId,
      idempotency_key: entry.key,
      scope: entry.scope,
      resource_id: entry.resourceId,
      created_at: entry.now.toISOString(),
    })
    .execute();
}
