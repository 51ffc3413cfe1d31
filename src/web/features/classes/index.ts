// The classes feature's public face: the class dialog, the end-lesson button, and a lesson's move
// and cancel (its menu and its dialogs), which the Schedules page shows too.

export { OwnLessonRows } from './class-attendance-tab.tsx';
export { EndLessonButton } from './end-lesson-button.tsx';
export { ClassDetailsDialog } from './lazy-dialogs.ts';
export { CancelLessonDialog, MoveLessonDialog } from './lesson-change-lazy.ts';
export { LessonChangeMenu, mayChangeLesson } from './lesson-change-trigger.tsx';
export { MarkLessonButton } from './mark-lesson-button.tsx';
