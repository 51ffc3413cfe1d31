// The meetings feature's public face: what other features may use of it. Everything else in
// this folder is its own business (tests/unit/feature-boundaries.test.ts holds the line).
export { findLesson } from './find-lesson.ts';
export { meetingOf } from './lesson-meetings.ts';
export { applyProviderEvents } from './provider-events.ts';
