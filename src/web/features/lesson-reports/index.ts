// Lesson reports' public face (docs/decisions/037-lesson-reports.md): the button that opens a held
// lesson's report, for the class's lessons tab and the dashboard. The page is the router's.
export { LessonReportButton } from './lesson-report-button.tsx';
