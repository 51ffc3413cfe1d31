// A class's fee plan (issue 27): how its students are charged, set by the admin and read by staff.
// One plan per class; changing it changes what later invoices charge, never what was charged. A
// per-course plan's instalments are replaced with it in one transaction.
import type { Kysely } from 'kysely';
import type { FeePlanDto, FeePlanInput } from '#common/tuition.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { findVisibleClass } from '#server/features/classes/index.ts';
import { recordAudit } from '#server/lib/audit.ts';

export async function readFeePlan(
  db: Kysely<Database>,
  classId: string,
): Promise<FeePlanDto | null> {
  const plan = await db
    .selectFrom('fee_plans as p')
    .leftJoin('users as u', 'u.user_id', 'p.updated_by')
    .select([
      'p.class_id',
      'p.kind',
      'p.amount',
      'p.charged_absences',
      'p.updated_at',
      'u.full_name as updated_by_name',
    ])
    .where('p.class_id', '=', classId)
    .executeTakeFirst();
  if (!plan) return null;
  const instalments = await db
    .selectFrom('fee_plan_instalments')
    .select(['amount', 'due_date'])
    .where('class_id', '=', classId)
    .orderBy('position')
    .execute();
  return { ...plan, instalments };
}

/** Sets the class's plan (replacing any); returns it with the class's name for the notice. */
export async function saveFeePlan(
  ctx: AppContext,
  actor: SessionUser,
  classId: string,
  input: FeePlanInput,
): Promise<{ plan: FeePlanDto; className: string }> {
  const { db } = ctx.database;
  const klass = await findVisibleClass(db, actor, classId);
  const now = ctx.clock.now().toISOString();
  const columns = {
    kind: input.kind,
    amount: input.amount,
    charged_absences: input.kind === 'per_lesson' ? input.charged_absences : null,
    updated_by: actor.user_id,
    updated_at: now,
  };
  const before = await readFeePlan(db, classId);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('fee_plans')
      .values({ class_id: classId, created_at: now, ...columns })
      .onConflict((oc) => oc.column('class_id').doUpdateSet(columns))
      .execute();
    await trx.deleteFrom('fee_plan_instalments').where('class_id', '=', classId).execute();
    const parts = input.kind === 'per_course' ? input.instalments : [];
    if (parts.length > 0) {
      await trx
        .insertInto('fee_plan_instalments')
        .values(parts.map((part, position) => ({ class_id: classId, position, ...part })))
        .execute();
    }
    await recordAudit(trx, {
      action: before ? 'fee-plan.update' : 'fee-plan.create',
      recordType: 'class',
      recordId: classId,
      before: before && planFields(before),
      after: planFields({ ...columns, instalments: parts }),
    });
  });
  const plan = await readFeePlan(db, classId);
  if (!plan) throw new Error('the plan just saved is missing');
  return { plan, className: klass.class_name };
}

/** Removes the class's plan (its later invoices charge nothing until one is set again). */
export async function removeFeePlan(
  ctx: AppContext,
  actor: SessionUser,
  classId: string,
): Promise<string> {
  const { db } = ctx.database;
  const klass = await findVisibleClass(db, actor, classId);
  const before = await readFeePlan(db, classId);
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('fee_plans')
      .where('class_id', '=', classId)
      .executeTakeFirst();
    if (before && Number(removed.numDeletedRows) > 0) {
      await recordAudit(trx, {
        action: 'fee-plan.remove',
        recordType: 'class',
        recordId: classId,
        before: planFields(before),
        after: null,
      });
    }
  });
  return klass.class_name;
}

/** A plan's fields as the audit log keeps them (instalments as 'amount on due date'). */
function planFields(plan: {
  kind: string;
  amount: number | string | null;
  charged_absences: unknown;
  instalments: readonly { amount: number | string; due_date: string }[];
}) {
  return {
    kind: plan.kind,
    amount: plan.amount === null ? null : Number(plan.amount),
    charged_absences: plan.charged_absences ?? null,
    instalments: plan.instalments.map((part) => `${Number(part.amount)} @ ${part.due_date}`),
  };
}
