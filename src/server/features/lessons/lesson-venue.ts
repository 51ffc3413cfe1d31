// Where a new lesson is held (docs/decisions/019-rooms-and-links.md): what the add-lesson or
// series dialog chose, else its class's default venue. A room must be one in use; a lesson on
// the class's link needs the class to have one.
import type { Kysely } from 'kysely';
import type { ClassDto } from '#common/classes.ts';
import type { Venue } from '#common/venues.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { usableRoom } from '#server/features/rooms/index.ts';

export interface LessonVenue {
  venue: Venue;
  /** The room of a lesson held in a room; null otherwise. */
  roomId: string | null;
}

export async function lessonVenue(
  db: Kysely<Database>,
  klass: Pick<ClassDto, 'class_id' | 'default_venue' | 'default_room'>,
  chosen: { venue?: Venue | undefined; room_id?: string | null | undefined },
): Promise<LessonVenue> {
  const venue = chosen.venue ?? (chosen.room_id ? 'room' : klass.default_venue);
  if (venue === 'room') {
    const roomId = chosen.room_id ?? klass.default_room?.room_id;
    if (!roomId) throw new AppError('VENUE_ROOM_REQUIRED', { field: 'room_id' });
    await usableRoom(db, roomId);
    return { venue, roomId };
  }
  if (venue === 'link') {
    const { meeting_link } = await db
      .selectFrom('classes')
      .select('meeting_link')
      .where('class_id', '=', klass.class_id)
      .executeTakeFirstOrThrow();
    if (!meeting_link) throw new AppError('VENUE_LINK_MISSING', { field: 'venue' });
  }
  return { venue, roomId: null };
}

/** The columns a new lesson's row takes from its venue. */
export const venueColumns = (where: LessonVenue) => ({ venue: where.venue, room_id: where.roomId });
