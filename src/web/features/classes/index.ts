// The classes feature's public face: the class dialog, the end-lesson button, and a lesson's move
// and cancel (its menu and its dialogs), which the Schedules page shows too.

export { OwnLessonRows } from './class-attendance-tab.tsx';
export { ClassDetailsDialog } from './class-details-dialog.tsx';
export { EndLessonButton } from './end-lesson-button.tsx';
export { CancelLessonDialog, MoveLessonDialog } from './lesson-change-dialogs.tsx';
export { LessonChangeMenu, mayChangeLesson } from './lesson-change-menu.tsx';
export { MarkLessonButton } from './lesson-marking.tsx';
