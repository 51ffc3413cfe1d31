// Dashboard: the greeting. The Today and Upcoming lesson lists come with the classes issue.
import { PageHeader } from '../../components/page-header.tsx';
import { t } from '../../i18n/index.ts';
import { useSession } from '../auth/api.ts';

export default function DashboardPage() {
  const session = useSession();
  return (
    <PageHeader
      title={t('dashboard.greeting', { name: session.data?.user.full_name ?? '' })}
      subtitle={t('dashboard.subtitle')}
    />
  );
}
