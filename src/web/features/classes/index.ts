// The classes feature's public face: the class dialog and the end-lesson button, which the
// Schedules page shows too.

export { OwnLessonRows } from './class-attendance-tab.tsx';
export { ClassDetailsDialog } from './class-details-dialog.tsx';
export { EndLessonButton } from './end-lesson-button.tsx';
