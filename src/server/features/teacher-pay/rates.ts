// Teachers' rates (docs/decisions/033-teachers-pay.md): per lesson or per hour, a teacher's own or
// for one class, each from a month on. Setting a rate for the same teacher, class and month again
// replaces it; a later month's rate leaves earlier months as they were. Approved statements keep
// the rates they were approved with whatever happens here.
import { randomUUID } from 'node:crypto';
import type { PayRateDto, PayRateInput } from '#common/teacher-pay.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudit } from '#server/lib/audit.ts';

export async function listRates(ctx: AppContext, teacherId?: string): Promise<PayRateDto[]> {
  let query = ctx.database.db
    .selectFrom('teacher_pay_rates as r')
    .innerJoin('users as u', 'u.user_id', 'r.teacher_id')
    .leftJoin('classes as c', 'c.class_id', 'r.class_id')
    .select([
      'r.rate_id',
      'r.teacher_id',
      'u.full_name as teacher_name',
      'r.class_id',
      'c.class_name',
      'r.kind',
      'r.amount',
      'r.effective_from',
      'r.created_at',
    ])
    .orderBy('u.search_name')
    .orderBy('r.teacher_id')
    .orderBy('c.class_name')
    .orderBy('r.effective_from', 'desc');
  if (teacherId) query = query.where('r.teacher_id', '=', teacherId);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    amount: Number(row.amount),
    created_at: new Date(row.created_at).toISOString(),
  }));
}

export async function setRate(
  ctx: AppContext,
  actor: SessionUser,
  input: PayRateInput,
): Promise<PayRateDto> {
  const rateId = randomUUID();
  // Two admins setting the same rate at once: the second insert meets the first's row on the
  // unique index; once more, its delete then finds it and replaces it.
  for (let attempt = 1; ; attempt++) {
    try {
      await replaceRate(ctx, actor, input, rateId);
      break;
    } catch (error) {
      if (attempt >= 2 || !isUniqueViolation(error)) throw error;
    }
  }
  const rate = (await listRates(ctx, input.teacher_id)).find((row) => row.rate_id === rateId);
  if (!rate) throw new AppError('NOT_FOUND');
  return rate;
}

async function replaceRate(
  ctx: AppContext,
  actor: SessionUser,
  input: PayRateInput,
  rateId: string,
): Promise<void> {
  const classId = input.class_id ?? null;
  await ctx.database.db.transaction().execute(async (trx) => {
    const teacher = await trx
      .selectFrom('users')
      .select('role')
      .where('user_id', '=', input.teacher_id)
      .executeTakeFirst();
    if (teacher?.role !== 'teacher') throw new AppError('PAY_TEACHER_NOT_FOUND');
    if (classId) {
      const klass = await trx
        .selectFrom('classes')
        .select('class_id')
        .where('class_id', '=', classId)
        .executeTakeFirst();
      if (!klass) throw new AppError('NOT_FOUND');
    }
    const replaced = await trx
      .deleteFrom('teacher_pay_rates')
      .where('teacher_id', '=', input.teacher_id)
      .where('effective_from', '=', input.effective_from)
      .where((eb) => (classId ? eb('class_id', '=', classId) : eb('class_id', 'is', null)))
      .returning(['kind', 'amount'])
      .executeTakeFirst();
    await recordAudit(trx, {
      action: 'pay-rate.set',
      recordType: 'teacher',
      recordId: input.teacher_id,
      changes: {
        class_id: { before: classId, after: classId },
        effective_from: { before: input.effective_from, after: input.effective_from },
        kind: { before: replaced?.kind ?? null, after: input.kind },
        amount: {
          before: replaced ? Number(replaced.amount) : null,
          after: input.amount,
        },
      },
    });
    await trx
      .insertInto('teacher_pay_rates')
      .values({
        rate_id: rateId,
        teacher_id: input.teacher_id,
        class_id: classId,
        kind: input.kind,
        amount: input.amount,
        effective_from: input.effective_from,
        created_by: actor.user_id,
        created_at: ctx.clock.now().toISOString(),
      })
      .execute();
  });
}

export async function deleteRate(ctx: AppContext, rateId: string): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('teacher_pay_rates')
      .where('rate_id', '=', rateId)
      .returning(['teacher_id', 'class_id', 'kind', 'amount', 'effective_from'])
      .executeTakeFirst();
    if (!deleted) throw new AppError('NOT_FOUND');
    const { teacher_id, ...rate } = deleted;
    await recordAudit(trx, {
      action: 'pay-rate.remove',
      recordType: 'teacher',
      recordId: teacher_id,
      before: { rate_id: rateId, ...rate, amount: Number(rate.amount) },
      after: null,
    });
  });
}
