// The audit log's writer (docs/decisions/041-audit-log.md). Every change a person makes calls
// `recordAudit` with the transaction that makes it, so the entry commits or rolls back with the
// change. Who made it and from where come from the request being answered (an AsyncLocalStorage
// entered just before each API handler runs: `enterAuditScope`), so operations deep in a feature
// need no extra parameters; outside a request (a job) the entry names no person.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AuditAction, AuditRecordType } from '#common/audit.ts';
import { type Clock, systemClock } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';

export interface AuditScope {
  actorId: string | null;
  actorName: string | null;
  ip: string | null;
  clock: Clock;
}

const scopes = new AsyncLocalStorage<AuditScope>();

/** Runs `next` (the rest of a request, or a job's run) with who acts and from where. */
export function enterAuditScope(scope: AuditScope, next: () => void): void {
  scopes.run(scope, next);
}

/** Runs an async piece of work (a job, a script) as `scope`. */
export function withAuditScope<T>(scope: AuditScope, work: () => Promise<T>): Promise<T> {
  return scopes.run(scope, work);
}

/** Who acts now: the request's signed-in person, or the server itself. */
export function currentAuditScope(): AuditScope {
  return scopes.getStore() ?? { actorId: null, actorName: null, ip: null, clock: systemClock };
}

/**
 * Field names whose values never enter the log: only that they changed. Matched on the whole
 * name's words, so 'passcode', 'smtp_password', 'client_secret', 'token_hash', 'webhook_key',
 * 'secret_token' are kept out; 'key' alone (a setting's name) is not a secret.
 */
const SECRET_FIELD = /(pass(word|code)?|secret|token|hash|api_?key|webhook_?key|sealed|private)/i;

export function isSecretField(field: string): boolean {
  return SECRET_FIELD.test(field);
}

/** One field's change: its value before and after, or only that a secret changed. */
export type AuditFieldChange = { before: unknown; after: unknown } | { secret: true };
export type AuditChanges = Record<string, AuditFieldChange>;

type Fields = Record<string, unknown> | null | undefined;

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Booleans read back from SQLite as 0/1; dates as ISO text or Date objects.
  const norm = (v: unknown) =>
    v instanceof Date ? v.toISOString() : typeof v === 'boolean' ? Number(v) : v;
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value === undefined ? null : value;
}

/**
 * The fields that differ between `before` and `after` (a record made: before is null; removed:
 * after is null). Fields named in `only` are compared alone when given.
 */
export function auditChanges(
  before: Fields,
  after: Fields,
  only?: readonly string[],
): AuditChanges {
  const names = only ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChanges = {};
  for (const name of names) {
    const was = before ? before[name] : undefined;
    const now = after ? after[name] : undefined;
    if (before && after && same(was, now)) continue;
    if ((before === null || before === undefined) && (now === undefined || now === null)) continue;
    if ((after === null || after === undefined) && (was === undefined || was === null)) continue;
    changes[name] = isSecretField(name)
      ? { secret: true }
      : { before: plain(was), after: plain(now) };
  }
  return changes;
}

export interface AuditEntry {
  /** 'record.verb': 'user.create', 'user.update', 'enrolment.add', 'ledger.reverse'… */
  action: AuditAction;
  /** The kind of record, as the Audit page filters it: 'user', 'class', 'lesson', 'invoice'… */
  recordType: AuditRecordType;
  recordId: string;
  /** The record's fields before and after (either may be null); secrets are only marked. */
  before?: Fields;
  after?: Fields;
  /** Compare only these fields of before/after. */
  only?: readonly string[];
  /** Changes worked out by the caller, instead of before/after. */
  changes?: AuditChanges;
}

/** Writes one entry in the change's own transaction. An update that changed nothing writes none. */
export async function recordAudit(trx: Transaction<Database>, entry: AuditEntry): Promise<void> {
  const changes = entry.changes ?? auditChanges(entry.before, entry.after, entry.only);
  const changedSomething =
    Object.keys(changes).length > 0 || entry.before == null || entry.after == null;
  if (!changedSomething) return;
  const scope = currentAuditScope();
  await trx
    .insertInto('audit_log')
    .values({
      audit_id: randomUUID(),
      at: scope.clock.now().toISOString(),
      actor_id: scope.actorId,
      actor_name: scope.actorName,
      actor_ip: scope.ip,
      action: entry.action,
      record_type: entry.recordType,
      record_id: entry.recordId,
      changes: JSON.stringify(changes),
    })
    .execute();
}

/** Several entries (a bulk change: an import, a series) in one insert per 200 rows. */
export async function recordAudits(trx: Transaction<Database>, entries: readonly AuditEntry[]) {
  const scope = currentAuditScope();
  const at = scope.clock.now().toISOString();
  const rows = entries.map((entry) => ({
    audit_id: randomUUID(),
    at,
    actor_id: scope.actorId,
    actor_name: scope.actorName,
    actor_ip: scope.ip,
    action: entry.action,
    record_type: entry.recordType,
    record_id: entry.recordId,
    changes: JSON.stringify(entry.changes ?? auditChanges(entry.before, entry.after, entry.only)),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('audit_log')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}
