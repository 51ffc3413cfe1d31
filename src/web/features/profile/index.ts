// The profile's public part: a class's calendar feed link (the class dialog shows it).
export { ClassCalendarLink } from './calendar-feed-section.tsx';
export { SessionList } from './session-list.tsx';
