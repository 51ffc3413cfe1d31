// The users feature's public face: what other features may use of it. Everything else in
// this folder is its own business (tests/unit/feature-boundaries.test.ts holds the line).
export { activeUserIdsOfRole } from './queries.ts';
export { toUserDto, USER_COLUMNS, userSchema } from './user-dto.ts';
