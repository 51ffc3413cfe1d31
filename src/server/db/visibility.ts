// A record outside the viewer's visibility (another teacher's class, a lesson of a class the
// student is not in) is refused with 403, the same answer as any other denied call; only a record
// that does not exist (or was deleted) is a 404. Ids are random UUIDs, so the difference tells a
// caller nothing they could enumerate.
import type { Kysely } from 'kysely';
import { AppError } from '#server/errors.ts';
import type { Database } from './schema.ts';

async function exists(db: Kysely<Database>, kind: 'class' | 'schedule', id: string) {
  const row =
    kind === 'class'
      ? await db
          .selectFrom('classes')
          .select('class_id')
          .where('class_id', '=', id)
          .where('is_active', '=', true)
          .executeTakeFirst()
      : await db
          .selectFrom('schedules as s')
          .innerJoin('classes as c', 'c.class_id', 's.class_id')
          .select('s.schedule_id')
          .where('s.schedule_id', '=', id)
          .where('c.is_active', '=', true)
          .executeTakeFirst();
  return row !== undefined;
}

/** The error for a class or lesson the viewer's query did not return. */
export async function unseenRecordError(
  db: Kysely<Database>,
  kind: 'class' | 'schedule',
  id: string,
  refusal: AppError = new AppError('FORBIDDEN'),
  missing: AppError = new AppError('NOT_FOUND'),
): Promise<AppError> {
  return (await exists(db, kind, id)) ? refusal : missing;
}
