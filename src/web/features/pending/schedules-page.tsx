// The page's route, menu entry and access rule exist; its content arrives with a later issue.
import { PageHeader } from '../../components/page-header.tsx';
import { t } from '../../i18n/index.ts';

export default function Page() {
  return <PageHeader title={t('nav.schedules')} subtitle={t('pending.schedules')} />;
}
