import { IconBooks } from '@tabler/icons-react';
import { t } from '#web/i18n/index.ts';
import { ComingSoon } from './coming-soon.tsx';

export default function LibraryPage() {
  return (
    <ComingSoon
      title={t('library.title')}
      icon={<IconBooks size={48} aria-hidden />}
      heading={t('library.comingSoon')}
      text={t('library.text')}
    />
  );
}
