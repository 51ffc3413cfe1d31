// Where reading a lesson's provider report stands (docs/decisions/035), for the attendance view:
// apart from the job (provider-report.ts), which tells parents of absences read from the view's rows.
import type { AppContext } from '#server/context.ts';

/** Lessons that ended this long ago or less are looked at (a server that was down catches up). */
export const LOOK_BACK_MS = 7 * 86_400_000;

/**
 * Where reading a lesson's report stands, for the attendance view: its row, or pending for a
 * lesson that just ended on a provider with a report (the next run makes its row); null when no
 * report is read for it.
 */
export async function reportStateOf(
  ctx: AppContext,
  lesson: { schedule_id: string; status: string; provider: string | null; ended_at: string | null },
) {
  const row = await ctx.database.db
    .selectFrom('attendance_reports')
    .select(['state', 'reconciled_at'])
    .where('schedule_id', '=', lesson.schedule_id)
    .executeTakeFirst();
  if (row) {
    return {
      state: row.state,
      reconciled_at: row.reconciled_at ? new Date(row.reconciled_at).toISOString() : null,
    };
  }
  const provider = lesson.provider ? ctx.providers.get(lesson.provider) : undefined;
  const justEnded =
    lesson.status === 'completed' &&
    lesson.ended_at !== null &&
    Date.parse(lesson.ended_at) >= ctx.clock.now().getTime() - LOOK_BACK_MS;
  return provider?.capabilities.participantsReport && provider.participantsReport && justEnded
    ? { state: 'pending' as const, reconciled_at: null }
    : null;
}
