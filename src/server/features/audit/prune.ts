// The audit log's pruning (docs/decisions/041-audit-log.md): entries older than the retention the
// admin set (center_settings.audit_retention_days, two years unless changed) are deleted, a
// thousand at a time. The job runs hourly in every process; it needs no lease: a run deletes only
// rows past the cutoff, so two processes running at once delete each row once between them and
// neither can remove a row the other should keep.
import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_RETENTION_DEFAULT_DAYS } from '#common/audit.ts';
import type { AppContext } from '#server/context.ts';

const INTERVAL_MS = 60 * 60_000;
const BATCH = 1000;

export async function retentionDays(ctx: AppContext): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('center_settings')
    .select('audit_retention_days')
    .executeTakeFirst();
  return Number(row?.audit_retention_days ?? AUDIT_RETENTION_DEFAULT_DAYS);
}

/** One run: deletes the entries older than the retention; returns how many. */
export async function pruneAuditLog(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const days = await retentionDays(ctx);
  const cutoff = new Date(ctx.clock.now().getTime() - days * 86_400_000).toISOString();
  let removed = 0;
  for (;;) {
    const old = await db
      .selectFrom('audit_log')
      .select('audit_id')
      .where('at', '<', cutoff)
      .limit(BATCH)
      .execute();
    if (old.length === 0) return removed;
    const result = await db
      .deleteFrom('audit_log')
      .where(
        'audit_id',
        'in',
        old.map((row) => row.audit_id),
      )
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
    if (old.length < BATCH) return removed;
  }
}

export function startAuditPruning(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const run = () => {
    pruneAuditLog(ctx).catch((error) => log.warn({ err: error }, 'pruning the audit log failed'));
  };
  const first = setTimeout(run, 30_000);
  const timer = setInterval(run, INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
