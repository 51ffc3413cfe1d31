import { Center, Loader } from '@mantine/core';
import { t } from '#web/i18n/index.ts';

export function FullScreenLoader() {
  return (
    <Center h="100vh" aria-busy="true" aria-label={t('common.loading')}>
      <Loader size="lg" />
    </Center>
  );
}
