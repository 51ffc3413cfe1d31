// The venue codes in English (common/messages-en.ts spreads them in).
import type { venueMessages } from './venue-messages.ts';

export const venueMessagesEn: Record<keyof typeof venueMessages, string> = {
  ROOM_NAME_REQUIRED: 'Please enter the room name.',
  ROOM_NAME_EXISTS: 'There is already a room called "{name}".',
  ROOM_CAPACITY_INVALID: 'The capacity must be a whole number from 1 to 1000.',
  ROOM_CREATED: 'Room {name} added.',
  ROOM_UPDATED: 'Room {name} updated.',
  ROOM_ARCHIVED: 'Room {name} archived: it can no longer be chosen for new lessons.',
  ROOM_RESTORED: 'Room {name} is in use again.',
  ROOM_DELETED: 'Room {name} deleted.',
  ROOM_IN_USE:
    'Room {name} is in use ({lessons, plural, one {# lesson} other {# lessons}}, {classes, plural, one {# class} other {# classes}}) and cannot be deleted. Archive it instead.',
  ROOM_NOT_AVAILABLE: 'This room is no longer in use. Please choose another room.',
  ROOM_CLASH: 'The room already has a lesson of {class} from {start} to {end}.',
  VENUE_ROOM_REQUIRED: 'Please choose a room.',
  VENUE_LINK_REQUIRED: "Please enter the class's online meeting link.",
  VENUE_LINK_INVALID:
    'The link must be a full https address, e.g. https://meet.google.com/abc-defg-hij.',
  VENUE_LINK_MISSING:
    "The class has no online meeting link yet. Please add one in the class's details.",
} as const;
