// Reading the audit log: the Audit page's filtered list (newest first, a page at a time), the
// same rows for the export, and one record's own history. Nothing here writes: entries are made
// only by lib/audit.ts inside the change's own transaction and removed only by the pruning job.
import type { Kysely } from 'kysely';
import type { AuditEntryDto } from '#common/audit.ts';
import { paginate } from '#server/db/paginate.ts';
import type { Database } from '#server/db/schema.ts';
import { addDays, startOfLocalDate } from '#server/lib/center-time.ts';

export interface AuditFilter {
  actor?: string;
  /** Entries made by the person or about their account. */
  person?: string;
  /** One kind of record, or several (a lesson's history holds its attendance sheet's entries). */
  recordType?: string | readonly string[];
  recordId?: string;
  /** Center-local dates, both included. */
  from?: string;
  to?: string;
}

type Row = {
  audit_id: string;
  at: unknown;
  actor_id: string | null;
  actor_name: string | null;
  actor_ip: string | null;
  action: string;
  record_type: string;
  record_id: string;
  changes: string;
};

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

export function toAuditDto(row: Row): AuditEntryDto {
  let changes: AuditEntryDto['changes'] = {};
  try {
    changes = JSON.parse(row.changes) as AuditEntryDto['changes'];
  } catch {
    changes = {};
  }
  return { ...row, at: iso(row.at), changes };
}

function filtered(db: Kysely<Database>, filter: AuditFilter, timeZone: string) {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actor) query = query.where('actor_id', '=', filter.actor);
  const person = filter.person;
  if (person) {
    query = query.where((eb) =>
      eb.or([
        eb('actor_id', '=', person),
        eb.and([eb('record_type', '=', 'user'), eb('record_id', '=', person)]),
      ]),
    );
  }
  if (typeof filter.recordType === 'string') {
    query = query.where('record_type', '=', filter.recordType);
  } else if (filter.recordType) {
    query = query.where('record_type', 'in', filter.recordType);
  }
  if (filter.recordId) query = query.where('record_id', '=', filter.recordId);
  if (filter.from) {
    query = query.where('at', '>=', startOfLocalDate(filter.from, timeZone).toISOString());
  }
  if (filter.to) {
    query = query.where('at', '<', startOfLocalDate(addDays(filter.to, 1), timeZone).toISOString());
  }
  return query;
}

/** One page of entries, newest first. */
export async function listAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
  timeZone: string,
  page: number,
) {
  const base = filtered(db, filter, timeZone);
  const result = await paginate(base.orderBy('at', 'desc').orderBy('audit_id', 'desc'), page, base);
  return { ...result, items: result.items.map((row) => toAuditDto(row as Row)) };
}

/** The most rows an export holds (the newest ones): a file stays a file. */
export const EXPORT_LIMIT = 50_000;

export async function exportAudit(db: Kysely<Database>, filter: AuditFilter, timeZone: string) {
  const rows = await filtered(db, filter, timeZone)
    .orderBy('at', 'desc')
    .orderBy('audit_id', 'desc')
    .limit(EXPORT_LIMIT)
    .execute();
  return rows.map((row) => toAuditDto(row as Row));
}
