// A class's default venue (docs/decisions/019-rooms-and-links.md): 'zoom', a room (its default
// room, one in use) or the online meeting link it keeps. A field left out of the request keeps
// what the class had (a new class: 'zoom', no room, no link). The link cannot go while lessons of
// the class still wait to be held on it.
import type { Kysely } from 'kysely';
import type { CreateClassInput } from '#common/classes.ts';
import type { Venue } from '#common/venues.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { usableRoom } from '#server/features/rooms/index.ts';

interface VenueColumns {
  default_venue: Venue;
  default_room_id: string | null;
  meeting_link: string | null;
}

export async function classVenue(
  db: Kysely<Database>,
  input: CreateClassInput,
  before?: { class_id: string } & VenueColumns,
): Promise<VenueColumns> {
  const venue = input.default_venue ?? before?.default_venue ?? 'zoom';
  const link =
    input.meeting_link !== undefined ? input.meeting_link : (before?.meeting_link ?? null);
  const room =
    input.default_room_id !== undefined ? input.default_room_id : (before?.default_room_id ?? null);
  if (venue === 'room') {
    if (!room) throw new AppError('VENUE_ROOM_REQUIRED', { field: 'default_room_id' });
    if (room !== before?.default_room_id) await usableRoom(db, room, 'default_room_id');
  }
  if (venue === 'link' && !link) {
    throw new AppError('VENUE_LINK_REQUIRED', { field: 'meeting_link' });
  }
  if (!link && before?.meeting_link) {
    const waiting = await db
      .selectFrom('schedules')
      .select('schedule_id')
      .where('class_id', '=', before.class_id)
      .where('venue', '=', 'link')
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (waiting) throw new AppError('VENUE_LINK_REQUIRED', { field: 'meeting_link' });
  }
  return {
    default_venue: venue,
    default_room_id: venue === 'room' ? room : null,
    meeting_link: link ?? null,
  };
}
