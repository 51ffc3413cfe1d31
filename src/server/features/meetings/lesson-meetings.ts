// A lesson's meeting as stored (table lesson_meetings), whatever provider holds it.
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '#server/context.ts';
import type { Database, LessonMeetingTable } from '#server/db/schema.ts';
import {
  type LessonMeeting,
  meetingData,
  type VideoProvider,
} from '#server/features/providers/index.ts';

export function toLessonMeeting(row: Selectable<LessonMeetingTable>): LessonMeeting {
  return {
    scheduleId: row.schedule_id,
    provider: row.provider,
    externalId: row.external_id,
    hostAccountId: row.host_account_id,
    join: meetingData(row.join_data),
    secret: meetingData(row.secret_data),
  };
}

export async function meetingOf(
  db: Kysely<Database>,
  scheduleId: string,
): Promise<LessonMeeting | undefined> {
  const row = await db
    .selectFrom('lesson_meetings')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirst();
  return row ? toLessonMeeting(row) : undefined;
}

/**
 * The provider holding a stored meeting; a meeting whose provider is not connected any more
 * cannot be opened (its refusal says who can connect it).
 */
export function providerOf(ctx: AppContext, meeting: LessonMeeting): VideoProvider {
  return ctx.providers.required(meeting.provider);
}

/** The pool account a meeting runs under, for a pool provider. */
export async function hostOf(ctx: AppContext, provider: VideoProvider, meeting: LessonMeeting) {
  if (!provider.pool || !meeting.hostAccountId) return undefined;
  return provider.pool.find(ctx.database.db, meeting.hostAccountId);
}
