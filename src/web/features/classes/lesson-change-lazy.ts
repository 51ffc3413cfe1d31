// A lesson's move, substitute and cancel dialogs, loaded on their first opening from its menu
// (lesson-change-menu.tsx; src/web/lib/lazy-dialog.tsx).
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';

export const MoveLessonDialog = lazyDialog(
  () => import('./lesson-change-dialogs.tsx').then((m) => m.MoveLessonDialog),
  ({ opened }) => opened,
);

export const CancelLessonDialog = lazyDialog(
  () => import('./lesson-change-dialogs.tsx').then((m) => m.CancelLessonDialog),
  ({ opened }) => opened,
);

export const SubstituteDialog = lazyDialog(
  () => import('./substitute-dialog.tsx').then((m) => m.SubstituteDialog),
  ({ opened }) => opened,
);
