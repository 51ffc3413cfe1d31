// The e-mail feature's public face (docs/decisions/039-email.md): what the server and other
// features may use of it.
export { startEmailOutbox, runEmailOutbox } from './job.ts';
export { mailText, composeMail } from './mail-texts.ts';
export { enqueueMail, enqueueNotificationEmails, centerNameOf, productUrl } from './outbox.ts';
export type { StoredNotification } from './outbox.ts';
export { emailRoutes } from './routes.ts';
export { readEmailSettings } from './settings.ts';
