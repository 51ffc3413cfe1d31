// Keeping the center's rooms (admin, staff): add one, rename it or change its capacity and note,
// archive it (its lessons keep it; new ones cannot choose it) or use it again, and delete one no
// lesson or class has ever named. A room in use is never deleted: its lessons' history names it.

import { randomUUID } from 'node:crypto';
import { EVENT } from '#common/events.ts';
import type { CreateRoomInput, RoomDto, UpdateRoomInput } from '#common/venues.ts';
import type { AppContext } from '#server/context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/errors.ts';
import { forUpdate } from '#server/db/locking.ts';
import { AppError } from '#server/errors.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { findRoom, roomNameKey, roomUsage, toRoomDto } from './queries.ts';

/** A room's fields its history shows (docs/decisions/041-audit-log.md). */
const ROOM_AUDIT_FIELDS = ['name', 'capacity', 'note', 'archived'] as const;

const nameTaken = (name: string) =>
  new AppError('ROOM_NAME_EXISTS', { field: 'name', params: { name } });

export async function createRoom(ctx: AppContext, input: CreateRoomInput): Promise<RoomDto> {
  const { db } = ctx.database;
  const now = ctx.clock.now().toISOString();
  const roomId = randomUUID();
  try {
    const values = {
      room_id: roomId,
      name: input.name,
      name_key: roomNameKey(input.name),
      capacity: input.capacity ?? null,
      note: input.note || null,
      archived: false,
      created_at: now,
      updated_at: now,
    };
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('rooms').values(values).execute();
      await recordAudit(trx, {
        action: 'room.create',
        recordType: 'room',
        recordId: roomId,
        before: null,
        after: values,
        only: ROOM_AUDIT_FIELDS,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
  return toRoomDto(await findRoom(db, roomId));
}

export async function updateRoom(
  ctx: AppContext,
  roomId: string,
  input: UpdateRoomInput,
): Promise<RoomDto> {
  const { db } = ctx.database;
  const before = await findRoom(db, roomId);
  const name = input.name ?? before.name;
  try {
    await db.transaction().execute(async (trx) => {
      const after = await trx
        .updateTable('rooms')
        .set({
          name,
          name_key: roomNameKey(name),
          ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
          ...(input.note !== undefined ? { note: input.note || null } : {}),
          ...(input.archived !== undefined ? { archived: input.archived } : {}),
          updated_at: ctx.clock.now().toISOString(),
        })
        .where('room_id', '=', roomId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        action: 'room.update',
        recordType: 'room',
        recordId: roomId,
        before,
        after,
        only: ROOM_AUDIT_FIELDS,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  // Lessons and classes carry the room's name: their lists and pages show the new one.
  if (name !== before.name) {
    await ctx.events.publish({ type: EVENT.schedules });
    await ctx.events.publish({ type: EVENT.classes });
  }
  return toRoomDto(await findRoom(db, roomId));
}

/** Deletes a room no lesson or class names; one in use is refused (ROOM_IN_USE: archive it). */
export async function deleteRoom(ctx: AppContext, roomId: string): Promise<{ name: string }> {
  const { db, dialect } = ctx.database;
  const room = await findRoom(db, roomId);
  const inUse = (usage: { lessons: number; classes: number }) =>
    new AppError('ROOM_IN_USE', {
      params: { name: room.name, lessons: String(usage.lessons), classes: String(usage.classes) },
    });
  try {
    await db.transaction().execute(async (trx) => {
      // The room's lock: a lesson being booked into it meanwhile is either seen here or waits.
      await forUpdate(
        trx.selectFrom('rooms').select('room_id').where('room_id', '=', roomId),
        dialect,
      ).execute();
      const usage = await roomUsage(trx, roomId);
      if (usage.lessons > 0 || usage.classes > 0) throw inUse(usage);
      await trx.deleteFrom('rooms').where('room_id', '=', roomId).execute();
      await recordAudit(trx, {
        action: 'room.delete',
        recordType: 'room',
        recordId: roomId,
        before: room,
        after: null,
        only: ROOM_AUDIT_FIELDS,
      });
    });
  } catch (error) {
    // A class given the room as its default meanwhile (classes take no room lock).
    if (isForeignKeyViolation(error)) throw inUse(await roomUsage(db, roomId));
    throw error;
  }
  return { name: room.name };
}
