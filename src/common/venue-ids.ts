// The venues a lesson can be held at, by the id of the provider that holds them (venues.ts has
// the rest of their contracts). Apart from venues.ts and free of zod: the permission table, which
// the login route loads, reads it.

/** The venues, by the id of the provider that holds their lessons. */
export const VENUES = ['zoom', 'room', 'link'] as const;
export type Venue = (typeof VENUES)[number];

/**
 * Whether a venue's lessons run as a meeting the app hosts and ends on the provider. A lesson
 * without one (a room, a link) has nothing to end but itself: whoever may start it may end it.
 */
export const hasHostedMeeting = (venue: Venue) => venue === 'zoom';

/** The most seats a room may have (the rooms page's field shows it as its maximum). */
export const MAX_ROOM_CAPACITY = 1000;
