// The auth feature's public face: what other features may use of it. Everything else in
// this folder is its own business (tests/unit/feature-boundaries.test.ts holds the line).
export { currentUser, userWithPermission } from './guards.ts';
export { generateAccountPassword, hashFirstPassword, hashPassword } from './passwords.ts';
export { replacePassword } from './replace-password.ts';
export type { SessionUser } from './sessions.ts';
export { deleteSessionsOf } from './sessions.ts';
