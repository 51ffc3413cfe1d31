// The classes feature's public face: what other features may use of it. Everything else in
// this folder is its own business (tests/unit/feature-boundaries.test.ts holds the line).
export { addEnrolments, alreadyEnrolled } from './enrolment.ts';
export { classMatches, findVisibleClass } from './queries.ts';
export { visibleClasses } from './visibility.ts';
