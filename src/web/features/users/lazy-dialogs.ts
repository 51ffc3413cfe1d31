// The people pages' dialogs, loaded on their first opening, not with the page
// (src/web/lib/lazy-dialog.tsx).
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';

export const UserDetailDialog = lazyDialog(
  () => import('./user-detail-dialog.tsx').then((m) => m.UserDetailDialog),
  ({ user }) => user !== null,
);

export const AddUserDialog = lazyDialog(
  () => import('./add-user-dialog.tsx').then((m) => m.AddUserDialog),
  ({ opened }) => opened,
);

export const ImportDialog = lazyDialog(
  () => import('./import-dialog.tsx').then((m) => m.ImportDialog),
  ({ opened }) => opened,
);

export const DeleteTeacherDialog = lazyDialog(
  () => import('./delete-teacher-dialog.tsx').then((m) => m.DeleteTeacherDialog),
  ({ teacher }) => teacher !== null,
);
