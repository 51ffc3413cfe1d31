// A lesson's stored meeting, read or written straight in the database, for states the API only
// reaches through a provider (a meeting's secrets, a start that died half-way).
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export async function putLessonMeeting(
  db: Kysely<Database>,
  scheduleId: string,
  meeting: {
    external_id?: string | null;
    host_account_id?: string | null;
    join?: Record<string, string>;
    secret?: Record<string, string>;
    created_at: string;
  },
) {
  await db.deleteFrom('lesson_meetings').where('schedule_id', '=', scheduleId).execute();
  await db
    .insertInto('lesson_meetings')
    .values({
      schedule_id: scheduleId,
      provider: 'zoom',
      external_id: meeting.external_id ?? null,
      host_account_id: meeting.host_account_id ?? null,
      join_data: JSON.stringify(meeting.join ?? {}),
      secret_data: JSON.stringify(meeting.secret ?? {}),
      created_at: meeting.created_at,
      ended_at: null,
    })
    .execute();
}

export function lessonMeetingRow(db: Kysely<Database>, scheduleId: string) {
  return db
    .selectFrom('lesson_meetings')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirst();
}
