// A month's run (issue 27): the invoices of one class's students, or of every class with a fee
// plan, previewed (every invoice and its lines, and who is left out and why), then issued in one
// transaction. Under an Idempotency-Key a retried run issues nothing twice; two runs at once
// (different keys) issue each invoice once, since the classes' rows are locked while a run decides
// who still needs one and the unique index on student, class and month stands behind it.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { InvoiceRunInput, RunPreviewDto } from '#common/invoices.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { type IdempotencyKey, idempotent } from '#server/lib/operations/idempotent.ts';
import { type ClassPlan, planClassMonth } from './charges.ts';
import { insertInvoices, issueDrafts, lockClasses } from './invoices.ts';

/** The classes a run covers: the one named, or every active class with a fee plan. */
async function runClasses(db: Kysely<Database>, classId: string | undefined): Promise<string[]> {
  if (classId) {
    const found = await db
      .selectFrom('classes')
      .select('class_id')
      .where('class_id', '=', classId)
      .executeTakeFirst();
    if (!found) throw new AppError('NOT_FOUND');
    return [classId];
  }
  const rows = await db
    .selectFrom('classes as c')
    .innerJoin('fee_plans as p', 'p.class_id', 'c.class_id')
    .select('c.class_id')
    .where('c.is_active', '=', true)
    .orderBy('c.class_name')
    .execute();
  return rows.map((row) => row.class_id);
}

async function planRun(
  ctx: AppContext,
  db: Kysely<Database>,
  input: InvoiceRunInput,
  classIds: readonly string[],
): Promise<ClassPlan> {
  const plan: ClassPlan = { invoices: [], skipped: [] };
  for (const classId of classIds) {
    const part = await planClassMonth(db, {
      classId,
      period: input.period,
      dueDate: input.due_date,
      now: ctx.clock.now(),
      timeZone: ctx.config.centerTimezone,
    });
    plan.invoices.push(...part.invoices);
    plan.skipped.push(...part.skipped);
  }
  return plan;
}

export async function previewRun(ctx: AppContext, input: InvoiceRunInput): Promise<RunPreviewDto> {
  const { db } = ctx.database;
  const plan = await planRun(ctx, db, input, await runClasses(db, input.class_id));
  return {
    period: input.period,
    invoices: plan.invoices,
    skipped: plan.skipped,
    total: plan.invoices.reduce((sum, invoice) => sum + invoice.total, 0),
  };
}

export interface RunResult {
  invoice_ids: string[];
  numbers: string[];
  skipped: number;
}

export async function runInvoices(
  ctx: AppContext,
  actor: SessionUser,
  input: InvoiceRunInput,
  idempotencyKey: IdempotencyKey | undefined,
): Promise<RunResult> {
  const { db } = ctx.database;
  const classIds = await runClasses(db, input.class_id);
  const fingerprint = createHash('sha256').update(JSON.stringify(input)).digest('hex').slice(0, 16);
  return idempotent<void, RunResult>(
    ctx,
    { userId: actor.user_id, key: idempotencyKey, scope: `invoice-run:${fingerprint}` },
    {
      write: async (trx) => {
        await lockClasses(trx, ctx, classIds);
        const plan = await planRun(ctx, trx, input, classIds);
        const ids = await insertInvoices(trx, actor, plan.invoices, input.period, ctx.clock.now());
        const numbers = await issueDrafts(ctx, trx, actor, ids);
        return { invoice_ids: ids, numbers, skipped: plan.skipped.length };
      },
    },
  );
}
