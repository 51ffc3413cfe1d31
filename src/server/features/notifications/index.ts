// The notifications feature's public face: what other features may use of it. Everything else in
// this folder is its own business (tests/unit/feature-boundaries.test.ts holds the line).

export { addNotifications, type NewNotification } from './notify.ts';
export { startLessonReminders } from './reminders.ts';
export { notificationRoutes } from './routes.ts';
export { subscribeNotifications } from './subscriber.ts';
