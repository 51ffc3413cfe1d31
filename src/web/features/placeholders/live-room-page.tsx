import { IconMicrophone } from '@tabler/icons-react';
import { t } from '#web/i18n/index.ts';
import { ComingSoon } from './coming-soon.tsx';

export default function LiveRoomPage() {
  return (
    <ComingSoon
      title={t('liveRoom.title')}
      subtitle={t('liveRoom.subtitle')}
      icon={<IconMicrophone size={48} aria-hidden />}
      heading={t('liveRoom.comingSoon')}
    />
  );
}
