// The calendar feature's public face: its routes, and the end of an account's feed link.
export { revokeCalendarFeedOf } from './manage-feed.ts';
export { calendarRoutes } from './routes.ts';
