// The classes feature's dialogs as the pages open them: loaded on their first opening, not with the
// page (src/web/lib/lazy-dialog.tsx).
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';

export const ClassDetailsDialog = lazyDialog(
  () => import('./class-details-dialog.tsx').then((m) => m.ClassDetailsDialog),
  ({ classId }) => classId !== null,
);

export const ClassFormModal = lazyDialog(
  () => import('./class-form-modal.tsx').then((m) => m.ClassFormModal),
  ({ opened }) => opened,
);
