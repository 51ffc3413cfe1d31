// Lesson reports' public face (docs/decisions/037-lesson-reports.md): their routes. Everything
// else in this folder is its own business (tests/unit/feature-boundaries.test.ts holds the line).
export { lessonReportRoutes } from './routes.ts';
