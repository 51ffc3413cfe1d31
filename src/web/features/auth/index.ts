// The auth feature's public face: what other features may use (the session, the password form).
export { SESSION_KEY, useSession, writeCachedSession } from './api.ts';
export { ChangePasswordForm } from './change-password-form.tsx';
