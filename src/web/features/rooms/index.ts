// The rooms feature's public face: the venue fields of the class form and lesson dialogs, a
// lesson's venue badge, and the venues on offer.
export { useRooms, useVenues } from './api.ts';
export { VenueBadge } from './venue-badge.tsx';
export {
  useLessonVenueDefault,
  VenueFields,
  type VenueValues,
  venueLabel,
  venueProblems,
} from './venue-fields.tsx';
