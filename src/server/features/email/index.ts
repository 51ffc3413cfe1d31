// The e-mail feature's public face (docs/decisions/039-email.md): what the server and other
// features may use of it.
export { runEmailOutbox, startEmailOutbox } from './job.ts';
export { composeMail, mailText } from './mail-texts.ts';
export type { StoredNotification } from './outbox.ts';
export { centerNameOf, enqueueMail, enqueueNotificationEmails, productUrl } from './outbox.ts';
export { emailRoutes } from './routes.ts';
export { readEmailSettings } from './settings.ts';
