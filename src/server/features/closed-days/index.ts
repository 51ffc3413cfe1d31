// The closed days feature's public face: what other features may use of it (lesson series leave
// closed days out). Everything else in this folder is its own business.
export { closedDaysBetween } from './queries.ts';
