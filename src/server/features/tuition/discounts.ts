// A student's discounts (siblings, a scholarship): a percentage or an amount off each invoice, with
// a reason, from a day. Set by the admin, read by staff and by the student. Never deleted: a
// discount that stops is ended on a day, so past invoices still show why they were lower.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DiscountDto, DiscountInput } from '#common/tuition.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { addDays } from '#server/lib/center-time.ts';
import { studentOf } from './students.ts';

function discountRows(db: Kysely<Database>) {
  return db
    .selectFrom('student_discounts as d')
    .leftJoin('users as u', 'u.user_id', 'd.created_by')
    .select([
      'd.discount_id',
      'd.student_id',
      'd.kind',
      'd.value',
      'd.reason',
      'd.starts_on',
      'd.ends_on',
      'd.created_at',
      'u.full_name as created_by_name',
    ]);
}

export function listDiscounts(db: Kysely<Database>, studentId: string): Promise<DiscountDto[]> {
  return discountRows(db)
    .where('d.student_id', '=', studentId)
    .orderBy('d.starts_on', 'desc')
    .orderBy('d.created_at', 'desc')
    .execute();
}

export async function addDiscount(
  ctx: AppContext,
  actor: SessionUser,
  studentId: string,
  input: DiscountInput,
): Promise<{ discount: DiscountDto; studentName: string }> {
  const { db } = ctx.database;
  const student = await studentOf(db, studentId);
  const discountId = randomUUID();
  const fields = {
    kind: input.kind,
    value: input.value,
    reason: input.reason,
    starts_on: input.starts_on,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('student_discounts')
      .values({
        discount_id: discountId,
        student_id: studentId,
        ...fields,
        ends_on: null,
        created_by: actor.user_id,
        created_at: ctx.clock.now().toISOString(),
      })
      .execute();
    await recordAudit(trx, {
      action: 'discount.add',
      recordType: 'student',
      recordId: studentId,
      before: null,
      after: { discount_id: discountId, ...fields },
    });
  });
  const discount = await discountRows(db)
    .where('d.discount_id', '=', discountId)
    .executeTakeFirstOrThrow();
  return { discount, studentName: student.full_name };
}

/** Ends a running discount on a day (the last day it applies; the day before it starts: never). */
export async function endDiscount(
  ctx: AppContext,
  discountId: string,
  endsOn: string,
): Promise<DiscountDto> {
  const { db } = ctx.database;
  const discount = await discountRows(db)
    .where('d.discount_id', '=', discountId)
    .executeTakeFirst();
  if (!discount) throw new AppError('NOT_FOUND');
  if (discount.ends_on !== null) throw new AppError('TUITION_DISCOUNT_ALREADY_ENDED');
  // Ending it the day before it starts means it never applies (a mistake is stopped so).
  if (endsOn < addDays(discount.starts_on, -1)) {
    throw new AppError('TUITION_DISCOUNT_END_BEFORE_START', { field: 'ends_on' });
  }
  // Only a running one is ended: a second admin ending it at once finds it ended.
  await db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('student_discounts')
      .set({ ends_on: endsOn })
      .where('discount_id', '=', discountId)
      .where('ends_on', 'is', null)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 0) throw new AppError('TUITION_DISCOUNT_ALREADY_ENDED');
    await recordAudit(trx, {
      action: 'discount.end',
      recordType: 'student',
      recordId: discount.student_id,
      changes: {
        discount_id: { before: discountId, after: discountId },
        ends_on: { before: null, after: endsOn },
      },
    });
  });
  return { ...discount, ends_on: endsOn };
}
