// /students (product.md §2): the management page for admin and staff; under the same menu entry a
// teacher sees the students of their own classes, read-only.
import { useSession } from '#web/features/auth/index.ts';
import { ClassStudentsPage } from './class-students-page.tsx';
import { UsersPage } from './users-page.tsx';

export default function Page() {
  const role = useSession().data?.user.role;
  return role === 'teacher' ? <ClassStudentsPage /> : <UsersPage accountRole="student" />;
}
