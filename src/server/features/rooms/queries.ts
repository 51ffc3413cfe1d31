// Reading the center's rooms, and the room a lesson or a class is given: one that exists and is
// not archived. Booking a room's time takes its row lock, as booking a teacher's takes theirs.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { RoomDto } from '#common/venues.ts';
import type { Dialect } from '#server/db/connection.ts';
import { forUpdate } from '#server/db/locking.ts';
import { type Database, type RoomTable, toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';

/** Names compare trimmed and in lower case: 'P.101' and 'p.101 ' are one room. */
export const roomNameKey = (name: string) => name.trim().toLowerCase();

export function toRoomDto(row: Selectable<RoomTable>): RoomDto {
  return {
    room_id: row.room_id,
    name: row.name,
    capacity: row.capacity == null ? null : Number(row.capacity),
    note: row.note,
    archived: toBool(row.archived),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Every room, those in use first, by name. */
export async function listRooms(db: Kysely<Database>): Promise<RoomDto[]> {
  const rows = await db
    .selectFrom('rooms')
    .selectAll()
    .orderBy('archived')
    .orderBy('name_key')
    .orderBy('room_id')
    .execute();
  return rows.map(toRoomDto);
}

export async function findRoom(db: Kysely<Database>, roomId: string) {
  const row = await db
    .selectFrom('rooms')
    .selectAll()
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** How many lessons (any state) and active classes (as their default) name the room. */
export async function roomUsage(db: Kysely<Database>, roomId: string) {
  const [lessons, classes] = await Promise.all([
    db
      .selectFrom('schedules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('classes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('default_room_id', '=', roomId)
      .executeTakeFirstOrThrow(),
  ]);
  return { lessons: Number(lessons.n), classes: Number(classes.n) };
}

const notAvailable = (field: string) => new AppError('ROOM_NOT_AVAILABLE', { field });

/** The room for a new lesson or a class's default: one in use (not archived), or a refusal. */
export async function usableRoom(db: Kysely<Database>, roomId: string, field = 'room_id') {
  const row = await db
    .selectFrom('rooms')
    .select(['room_id', 'name', 'archived'])
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  if (!row || toBool(row.archived)) throw notAvailable(field);
  return { room_id: row.room_id, name: row.name };
}

/**
 * Takes the room's row lock (PostgreSQL): one booking of the room's time at a time, as
 * lockClassTeacher does for a teacher's (SQLite runs one write transaction at a time anyway). Always
 * taken after the teacher's, so two bookings never wait on each other in opposite orders. For a
 * new booking the room is checked again under the lock (it may have been archived meanwhile);
 * lessons already in an archived room keep it when they move.
 */
export async function lockRoom(
  trx: Transaction<Database>,
  dialect: Dialect,
  roomId: string,
  booking: 'new' | 'kept',
) {
  const row = await forUpdate(
    trx.selectFrom('rooms').select(['room_id', 'archived']).where('room_id', '=', roomId),
    dialect,
  ).executeTakeFirst();
  if (booking === 'new' && (!row || toBool(row.archived))) throw notAvailable('room_id');
}
