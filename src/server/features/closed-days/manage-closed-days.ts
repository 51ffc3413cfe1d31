// Keeping the calendar of closed days (admin and staff): adding one day or a run of days under
// one name, renaming a day, removing it. A date is closed once: adding a day that already is one
// is refused, naming it, and nothing of the request is written.

import type { AddClosedDaysInput, ClosedDayDto } from '#common/closed-days.ts';
import type { LessonDto } from '#common/lessons.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudit, recordAudits } from '#server/lib/audit.ts';
import { addDays } from '#server/lib/center-time.ts';
import { lessonsOnDates } from './lessons-on-closed-days.ts';
import { listClosedDays, shownDate } from './queries.ts';

const alreadyClosed = (day: ClosedDayDto) =>
  new AppError('CLOSED_DAY_EXISTS', {
    field: 'from_date',
    params: { date: shownDate(day.date), name: day.name },
  });

const notClosed = (date: string) =>
  new AppError('CLOSED_DAY_NOT_FOUND', { params: { date: shownDate(date) } });

/** Every date from the first to the last, both included. */
function datesOf(input: AddClosedDaysInput): string[] {
  const last = input.to_date ?? input.from_date;
  const dates: string[] = [];
  for (let date = input.from_date; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

export interface ClosedDaysAdded {
  days: ClosedDayDto[];
  /** The pending lessons already planned on the new days. */
  lessons: LessonDto[];
}

export async function addClosedDays(
  ctx: AppContext,
  actor: SessionUser,
  input: AddClosedDaysInput,
): Promise<ClosedDaysAdded> {
  const { db } = ctx.database;
  const dates = datesOf(input);
  const first = dates[0] as string;
  const last = dates.at(-1) as string;
  const now = ctx.clock.now().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const [taken] = await listClosedDays(trx, first, last);
      if (taken) throw alreadyClosed(taken);
      await trx
        .insertInto('closed_days')
        .values(
          dates.map((date) => ({
            closed_date: date,
            name: input.name,
            created_by: actor.user_id,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await recordAudits(
        trx,
        dates.map((date) => ({
          action: 'closed_day.add',
          recordType: 'closed_day',
          recordId: date,
          before: null,
          after: { name: input.name },
        })),
      );
    });
  } catch (error) {
    // Another request closed one of the days between the check and the insert.
    if (!isUniqueViolation(error)) throw error;
    const [taken] = await listClosedDays(db, first, last);
    throw taken ? alreadyClosed(taken) : error;
  }
  const lessons = await lessonsOnDates(db, actor, dates, ctx.config.centerTimezone);
  return { days: dates.map((date) => ({ date, name: input.name })), lessons };
}

export async function renameClosedDay(
  ctx: AppContext,
  date: string,
  name: string,
): Promise<ClosedDayDto> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('closed_days')
      .select('name')
      .where('closed_date', '=', date)
      .executeTakeFirst();
    if (!before) throw notClosed(date);
    await trx
      .updateTable('closed_days')
      .set({ name, updated_at: ctx.clock.now().toISOString() })
      .where('closed_date', '=', date)
      .execute();
    await recordAudit(trx, {
      action: 'closed_day.rename',
      recordType: 'closed_day',
      recordId: date,
      before,
      after: { name },
    });
  });
  return { date, name };
}

export async function removeClosedDay(ctx: AppContext, date: string): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('closed_days')
      .where('closed_date', '=', date)
      .returning('name')
      .executeTakeFirst();
    if (!deleted) throw notClosed(date);
    await recordAudit(trx, {
      action: 'closed_day.remove',
      recordType: 'closed_day',
      recordId: date,
      before: deleted,
      after: null,
    });
  });
}
