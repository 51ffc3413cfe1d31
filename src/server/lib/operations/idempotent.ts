// Idempotency-Key, for the writes a client may retry (a lesson, a series, an enrolment, an
// import). The first request with a key records the operation's result as JSON beside what it
// writes, in the same transaction; a repeat with the key is answered from that record, so a retry
// after a lost reply or a crashed server never does the work twice. Two copies of one request at
// once: one commits, the other fails (a unique key, or a rule the first one's rows now break)
// and is then answered from the first's record. Keys are per user and kept for a day.
// The key also remembers the request it came with (a hash of the method, the path and the
// canonical body): the same key with another body is refused with 422 rather than answered with
// the first request's result (IETF draft 'The Idempotency-Key HTTP Header Field'), also when the
// two arrive at once. Rows kept from before the hash (request_hash null) replay as before.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
export const IDEMPOTENCY_KEY_TTL_MS = 86_400_000;
/** A write that lost a unique-key race runs once more (and then sees the winner's rows). */
const ATTEMPTS = 2;

/** A client's key and the fingerprint of the request that carried it. */
export interface IdempotencyKey {
  value: string;
  /** SHA-256 (hex) of the method, the path with its query and the canonical JSON body. */
  request: string;
}

/** JSON with every object's keys sorted: one text for one body, whatever the order sent. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The fingerprint of a request: what must be equal for a repeat to be the same request. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  const payload = Buffer.isBuffer(body) ? body.toString('base64') : canonicalJson(body ?? null);
  return createHash('sha256').update(`${method.toUpperCase()} ${url}\n${payload}`).digest('hex');
}

/** The request's Idempotency-Key header, checked, with the request's fingerprint; undefined when it sent none. */
export function idempotencyKeyOf(request: FastifyRequest): IdempotencyKey | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new AppError('IDEMPOTENCY_KEY_INVALID', { field: 'Idempotency-Key' });
  }
  return { value: header, request: requestFingerprint(request.method, request.url, request.body) };
}

/** Whose key, which key (none: the write is simply done), and what kind of write it names. */
export interface OperationKey {
  userId: string;
  key: IdempotencyKey | undefined;
  scope: string;
}

export interface IdempotentSteps<Prepared, Result, Stored> {
  /** Checks and slow work (hashing) before the transaction; skipped when the key was used. */
  prepare?: () => Promise<Prepared>;
  /** The writes, in the transaction that also records the key. */
  write: (trx: Transaction<Database>, prepared: Prepared) => Promise<Result>;
  /** What is kept for a retry (never a secret); the result itself when not given. */
  remember?: (result: Result) => Stored;
  /** A retry's answer from what was kept; what was kept when not given. */
  replay?: (stored: Stored) => Result;
  /** What the operation tells (realtime, domain events) once it committed; not on a replay. */
  announce?: (result: Result) => Promise<void>;
}

async function recorded(db: Kysely<Database>, op: OperationKey): Promise<string | undefined> {
  if (!op.key) return undefined;
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['scope', 'result', 'request_hash'])
    .where('user_id', '=', op.userId)
    .where('idempotency_key', '=', op.key.value)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.scope !== op.scope) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  // Older rows kept no hash: they replay as they always did.
  if (row.request_hash !== null && row.request_hash !== op.key.request) {
    throw new AppError('IDEMPOTENCY_KEY_BODY_MISMATCH');
  }
  return row.result;
}

async function record(trx: Transaction<Database>, op: OperationKey, result: string, now: Date) {
  if (!op.key) return;
  await trx
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString())
    .execute();
  await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: op.userId,
      idempotency_key: op.key.value,
      scope: op.scope,
      result,
      request_hash: op.key.request,
      created_at: now.toISOString(),
    })
    .execute();
}

/** Runs the operation once per key: its writes and the key's record commit together. */
export async function idempotent<Prepared, Result, Stored = Result>(
  ctx: AppContext,
  op: OperationKey,
  steps: IdempotentSteps<Prepared, Result, Stored>,
): Promise<Result> {
  const { db } = ctx.database;
  const remember = steps.remember ?? ((result: Result) => result as unknown as Stored);
  const replay = steps.replay ?? ((stored: Stored) => stored as unknown as Result);
  const replayed = (json: string) => replay(JSON.parse(json) as Stored);
  for (let attempt = 1; ; attempt++) {
    const earlier = await recorded(db, op);
    if (earlier !== undefined) return replayed(earlier);
    const prepared = (await steps.prepare?.()) as Prepared;
    let result: Result;
    try {
      result = await db.transaction().execute(async (trx) => {
        const done = await steps.write(trx, prepared);
        await record(trx, op, JSON.stringify(remember(done)), ctx.clock.now());
        return done;
      });
    } catch (error) {
      // A copy of this request with the same key committed first: its answer is this one's.
      const winner = await recorded(db, op);
      if (winner !== undefined) return replayed(winner);
      if (attempt < ATTEMPTS && isUniqueViolation(error)) continue;
      throw error;
    }
    await steps.announce?.(result);
    return result;
  }
}
