// What the admin does to a month's statements (docs/decisions/033-teachers-pay.md): adjust one (a
// signed amount with a reason, on a lesson line or on the whole statement; kept with who and when,
// never edited) and approve one or all (the lines and totals stored as they are, frozen). Both take
// the teacher's row lock first, so an adjustment racing an approval is either in the approved
// statement or refused, never recorded beside it.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { PayAdjustmentInput, PayStatementDto } from '#common/teacher-pay.ts';
import type { AppContext } from '#server/context.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import {
  monthIsOver,
  monthLabel,
  type PayClock,
  readStatements,
  readSummaries,
} from './statements.ts';

export const payClockOf = (ctx: AppContext): PayClock => ({
  now: ctx.clock.now(),
  timeZone: ctx.config.centerTimezone,
});

/** Locks the teacher's row (PostgreSQL) and reads their statement of the month. */
async function lockedStatement(
  ctx: AppContext,
  trx: Transaction<Database>,
  teacherId: string,
  month: string,
): Promise<PayStatementDto> {
  const teacher = await forUpdate(
    trx.selectFrom('users').select('user_id').where('user_id', '=', teacherId),
    ctx.database.dialect,
  ).executeTakeFirst();
  if (!teacher) throw new AppError('PAY_TEACHER_NOT_FOUND');
  const [statement] = await readStatements(trx, month, payClockOf(ctx), [teacherId]);
  if (!statement) throw new AppError('PAY_TEACHER_NOT_FOUND');
  return statement;
}

export async function adjustStatement(
  ctx: AppContext,
  actor: SessionUser,
  teacherId: string,
  month: string,
  input: PayAdjustmentInput,
): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const statement = await lockedStatement(ctx, trx, teacherId, month);
    if (statement.state === 'approved') throw new AppError('PAY_ALREADY_APPROVED');
    const scheduleId = input.schedule_id ?? null;
    if (scheduleId && !statement.lines.some((line) => line.schedule_id === scheduleId)) {
      throw new AppError('PAY_LINE_NOT_FOUND');
    }
    await trx
      .insertInto('teacher_pay_adjustments')
      .values({
        adjustment_id: randomUUID(),
        teacher_id: teacherId,
        month,
        schedule_id: scheduleId,
        amount: input.amount,
        reason: input.reason,
        created_by: actor.user_id,
        created_at: ctx.clock.now().toISOString(),
      })
      .execute();
    await recordAudit(trx, {
      action: 'pay-adjustment.add',
      recordType: 'teacher',
      recordId: teacherId,
      before: null,
      after: { month, schedule_id: scheduleId, amount: input.amount, reason: input.reason },
    });
  });
}

/** Stores a draft statement as approved: its totals and lines as they are now. */
async function freeze(
  ctx: AppContext,
  trx: Transaction<Database>,
  actor: SessionUser,
  statement: PayStatementDto,
) {
  const statementId = randomUUID();
  await trx
    .insertInto('teacher_pay_statements')
    .values({
      statement_id: statementId,
      teacher_id: statement.teacher_id,
      month: statement.month,
      teacher_name: statement.teacher_name,
      lessons: statement.lessons,
      minutes: statement.minutes,
      lesson_amount: statement.lesson_amount,
      adjustments: statement.adjustments,
      total: statement.total,
      approved_by: actor.user_id,
      approved_at: ctx.clock.now().toISOString(),
    })
    .execute();
  await recordAudit(trx, {
    action: 'pay-statement.approve',
    recordType: 'teacher',
    recordId: statement.teacher_id,
    changes: {
      statement_id: { before: null, after: statementId },
      month: { before: statement.month, after: statement.month },
      state: { before: 'draft', after: 'approved' },
      lessons: { before: null, after: statement.lessons },
      total: { before: null, after: statement.total },
    },
  });
  if (statement.lines.length === 0) return;
  await trx
    .insertInto('teacher_pay_lines')
    .values(
      statement.lines.map((line, position) => ({
        statement_id: statementId,
        position,
        schedule_id: line.schedule_id,
        lesson_date: line.lesson_date,
        class_id: line.class_id,
        class_name: line.class_name,
        topic: line.topic,
        substitute: line.substitute,
        started_at: line.started_at,
        ended_at: line.ended_at,
        minutes: line.minutes,
        time_source: line.time_source,
        // A statement with a line without a rate is never approved (checked before).
        rate_kind: line.rate_kind ?? 'per_lesson',
        rate_amount: line.rate_amount ?? 0,
        amount: line.amount,
      })),
    )
    .execute();
}

function assertApprovable(statement: PayStatementDto) {
  if (statement.state === 'approved') throw new AppError('PAY_ALREADY_APPROVED');
  if (statement.missing_rates > 0) {
    throw new AppError('PAY_RATE_MISSING', { params: { name: statement.teacher_name } });
  }
  if (statement.lines.length === 0 && statement.adjustment_items.length === 0) {
    throw new AppError('PAY_NOTHING_TO_APPROVE');
  }
}

/** Approves one teacher's month; the month must be over in the center's zone. */
export async function approveStatement(
  ctx: AppContext,
  actor: SessionUser,
  teacherId: string,
  month: string,
): Promise<void> {
  if (!monthIsOver(month, payClockOf(ctx)))
    throw new AppError('PAY_MONTH_NOT_OVER', { params: { month: monthLabel(month) } });
  await ctx.database.db.transaction().execute(async (trx) => {
    const statement = await lockedStatement(ctx, trx, teacherId, month);
    assertApprovable(statement);
    await freeze(ctx, trx, actor, statement);
  });
}

/**
 * Approves every draft statement of the month in one transaction: all or none (a statement with a
 * lesson without a rate refuses the whole run, naming its teacher). Returns how many.
 */
export async function approveMonth(
  ctx: AppContext,
  actor: SessionUser,
  month: string,
): Promise<number> {
  if (!monthIsOver(month, payClockOf(ctx)))
    throw new AppError('PAY_MONTH_NOT_OVER', { params: { month: monthLabel(month) } });
  return ctx.database.db.transaction().execute(async (trx) => {
    const draftIds = (await readSummaries(trx, month, payClockOf(ctx)))
      .filter((summary) => summary.state === 'draft')
      .map((summary) => summary.teacher_id);
    if (draftIds.length === 0) throw new AppError('PAY_NOTHING_TO_APPROVE');
    // Their rows locked at once (in one order, as every locker of several), then every statement
    // of the month read once, as it is now: the same set-based reading as the list's.
    await forUpdate(
      trx.selectFrom('users').select('user_id').where('user_id', 'in', draftIds).orderBy('user_id'),
      ctx.database.dialect,
    ).execute();
    const locked = new Set(draftIds);
    const statements = (await readStatements(trx, month, payClockOf(ctx))).filter((statement) =>
      locked.has(statement.teacher_id),
    );
    for (const statement of statements) assertApprovable(statement);
    for (const statement of statements) await freeze(ctx, trx, actor, statement);
    return statements.length;
  });
}
