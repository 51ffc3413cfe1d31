// Where a lesson is held (docs/decisions/019-rooms-and-links.md): on the video provider's pool of
// host accounts ('zoom'), in one of the center's rooms, or on the online meeting link its class
// keeps (Google Meet, Teams, Jitsi). Each is a video provider of the server (features/providers); these are the
// contracts both sides share: the rooms, a class's default venue and the venues on offer.
import { z } from 'zod';
import { MAX_NAME_LENGTH } from './fields.ts';
import { codes } from './messages.ts';
import { MAX_ROOM_CAPACITY, VENUES } from './venue-ids.ts';

export { hasHostedMeeting, MAX_ROOM_CAPACITY, VENUES, type Venue } from './venue-ids.ts';

export const venueSchema = z.enum(VENUES, { error: codes.VALIDATION });

/** The venues this server can hold lessons on now (a provider only when it is connected). */
export const venuesSchema = z.object({ available: z.array(z.enum(VENUES)) });
export type VenuesDto = z.infer<typeof venuesSchema>;

/** A room as a lesson or a class names it. */
export const roomRefSchema = z.object({ room_id: z.string(), name: z.string() });
export type RoomRefDto = z.infer<typeof roomRefSchema>;

export const roomSchema = z.object({
  room_id: z.string(),
  name: z.string(),
  capacity: z.number().nullable(),
  note: z.string().nullable(),
  /** An archived room keeps its lessons but is not offered for new ones. */
  archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RoomDto = z.infer<typeof roomSchema>;
export const roomListSchema = z.object({ items: z.array(roomSchema) });

const roomName = z
  .string({ error: codes.ROOM_NAME_REQUIRED })
  .trim()
  .min(1, codes.ROOM_NAME_REQUIRED)
  .max(MAX_NAME_LENGTH, codes.VALIDATION);
const roomCapacity = z
  .number({ error: codes.ROOM_CAPACITY_INVALID })
  .int(codes.ROOM_CAPACITY_INVALID)
  .min(1, codes.ROOM_CAPACITY_INVALID)
  .max(MAX_ROOM_CAPACITY, codes.ROOM_CAPACITY_INVALID)
  .nullish();
const roomNote = z.string({ error: codes.VALIDATION }).trim().max(500, codes.VALIDATION).nullish();

export const createRoomInput = z.object({ name: roomName, capacity: roomCapacity, note: roomNote });
export type CreateRoomInput = z.infer<typeof createRoomInput>;

/** Any of: a new name, capacity or note; archived true to archive it, false to use it again. */
export const updateRoomInput = z
  .object({
    name: roomName.optional(),
    capacity: roomCapacity,
    note: roomNote,
    archived: z.boolean({ error: codes.VALIDATION }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: codes.VALIDATION,
  });
export type UpdateRoomInput = z.infer<typeof updateRoomInput>;

export const MAX_MEETING_LINK_LENGTH = 500;

/** A full https address with a host and no credentials in it (a meeting's address, not a path). */
export function isMeetingLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      url.hostname.includes('.') &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/** The link a class keeps: empty is none (null). */
export const meetingLinkField = z
  .string({ error: codes.VENUE_LINK_INVALID })
  .trim()
  .max(MAX_MEETING_LINK_LENGTH, codes.VENUE_LINK_INVALID)
  .transform((value) => value || null)
  .refine((value) => value === null || isMeetingLink(value), codes.VENUE_LINK_INVALID)
  .nullish();

/** A lesson's venue as a form sends it: left out, the class's default. */
export const lessonVenueFields = {
  venue: venueSchema.optional(),
  /** The room of a lesson held in a room (its class's default room when left out). */
  room_id: z.uuid({ error: codes.VENUE_ROOM_REQUIRED }).nullish(),
};
