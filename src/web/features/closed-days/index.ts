// The closed days feature's public face: the list of lessons on closed days (with room for the
// buttons that cancel or move one) and what it is fed with.
export { useClosedDays } from './api.ts';
export { ClosedDayLessons } from './closed-day-lessons.tsx';
