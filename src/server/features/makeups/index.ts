// The make-up lessons feature's public face (docs/decisions/032-make-up-lessons.md): what other
// features may use of it. Attendance earns and withdraws credits through followMark and lists the
// visitors of a lesson; app.ts registers the routes and the cancellation subscriber.
export { followMark, isMakeupVisitor, makeupVisitors } from './credits.ts';
export { makeupRoutes } from './routes.ts';
export { subscribeMakeups } from './subscriber.ts';
