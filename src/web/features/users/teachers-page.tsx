import { UsersPage } from './users-page.tsx';

export default function Page() {
  return <UsersPage accountRole="teacher" />;
}
